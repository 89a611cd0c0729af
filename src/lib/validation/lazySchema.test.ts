import { object, string } from 'yup';
import { lazySchema } from './lazySchema';

const schema = object({
  email: string().required('Enter your e-mail address').email('Enter a valid e-mail address'),
  name: string().required('Enter your name'),
});

describe('lazySchema', () => {
  it('answers the errors Formik would give for the same schema, loading it once', async () => {
    const importer = jest.fn(async () => schema);
    const form = lazySchema(importer);
    expect(await form.validate({ email: 'not-an-address', name: '' })).toEqual({ email: 'Enter a valid e-mail address', name: 'Enter your name' });
    expect(await form.validate({ email: 'ann@example.com', name: 'Ann' })).toEqual({});
    // Formik treats an empty string as missing (prepareDataForValidation), as with validationSchema.
    expect(await form.validate({ email: '', name: 'Ann' })).toEqual({ email: 'Enter your e-mail address' });
    expect(await form.load()).toBe(schema);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed', async () => {
    const importer = jest.fn<Promise<typeof schema>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const form = lazySchema(importer);
    await expect(form.validate({ email: '', name: '' })).rejects.toThrow('offline');
    expect(await form.validate({ email: 'ann@example.com', name: 'Ann' })).toEqual({});
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('passes on an error that is not a validation error', async () => {
    const broken = object({ name: string().test('boom', 'unused', () => { throw new TypeError('broken rule'); }) });
    await expect(lazySchema(async () => broken).validate({ name: 'x' })).rejects.toThrow('broken rule');
  });
});
