import fs from 'node:fs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, Form, Formik } from 'formik';
import clone from './clone';
import cloneDeep from './cloneDeep';

describe("formik's copies", () => {
  it('cloneDeep copies every level, keeping dates as dates', () => {
    const born = new Date('1990-04-12T00:00:00Z');
    const original = { patient: { name: 'Anna', born, tags: ['a', 'b'] } };
    const copy = cloneDeep(original);
    expect(copy).toEqual(original);
    expect(copy.patient).not.toBe(original.patient);
    expect(copy.patient.tags).not.toBe(original.patient.tags);
    expect(copy.patient.born).toBeInstanceOf(Date);
    expect(copy.patient.born).not.toBe(born);
    copy.patient.tags.push('c');
    expect(original.patient.tags).toEqual(['a', 'b']);
  });

  it('clone copies one level of arrays and plain objects, as lodash does, and returns anything else as is', () => {
    const inner = { city: 'Kraków' };
    const object = { address: inner, n: 1 };
    const copy = clone(object);
    expect(copy).toEqual(object);
    expect(copy).not.toBe(object);
    expect(copy.address).toBe(inner);
    const list = [inner, 2];
    const listCopy = clone(list);
    expect(listCopy).toEqual(list);
    expect(listCopy).not.toBe(list);
    expect(listCopy[0]).toBe(inner);
    expect(clone('text')).toBe('text');
    expect(clone(null)).toBeNull();
    const when = new Date('2026-01-01T00:00:00Z');
    const whenCopy = clone(when);
    expect(whenCopy).toBeInstanceOf(Date);
    expect(whenCopy.getTime()).toBe(when.getTime());
    const bare = Object.assign(Object.create(null) as Record<string, number>, { a: 1 });
    expect(Object.getPrototypeOf(clone(bare))).toBeNull();
  });

  it("are the copies formik gets in the tests, as in the build (jest's moduleNameMapper, next.config.js's resolveAlias)", () => {
    // formik's CommonJS build (the one jest loads) requires lodash/cloneDeep and lodash/clone.
    const formikPath = require.resolve('formik/dist/formik.cjs.development.js');
    const source = fs.readFileSync(formikPath, 'utf8');
    for (const [request, shim] of [
      ['lodash/cloneDeep', cloneDeep],
      ['lodash/clone', clone],
    ] as const) {
      expect(source).toContain(`require('${request}')`);
      const resolved: unknown = jest.requireActual(request);
      expect((resolved as { default?: unknown }).default ?? resolved).toBe(shim);
    }
  });

  it('a formik form with nested values edits a copy and resets to the untouched initial values', async () => {
    const user = userEvent.setup();
    const initial = { address: { city: 'Kraków', lines: ['ul. Długa 5'] } };
    const submitted: unknown[] = [];
    render(
      <Formik initialValues={initial} onSubmit={(v) => void submitted.push(v)}>
        {({ resetForm }) => (
          <Form aria-label="Address">
            <label htmlFor="city">City</label>
            <Field id="city" name="address.city" />
            <label htmlFor="line">Line</label>
            <Field id="line" name="address.lines[0]" />
            <button type="button" onClick={() => resetForm()}>
              Reset
            </button>
            <button type="submit">Save</button>
          </Form>
        )}
      </Formik>,
    );
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Gdańsk');
    await user.type(screen.getByLabelText('Line'), ' m. 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByDisplayValue('Gdańsk');
    expect(submitted).toEqual([{ address: { city: 'Gdańsk', lines: ['ul. Długa 5 m. 7'] } }]);
    // The initial values were copied, never changed in place.
    expect(initial).toEqual({ address: { city: 'Kraków', lines: ['ul. Długa 5'] } });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('City')).toHaveValue('Kraków');
    expect(screen.getByLabelText('Line')).toHaveValue('ul. Długa 5');
  });
});
