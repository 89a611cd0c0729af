import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderApp } from '@/testing/renderApp';
import { TextInput } from './TextInput';

function Field({ error, select }: { error?: string; select?: boolean }) {
  const [value, setValue] = useState(select ? 'F' : '');
  return (
    <TextInput label="First name" name="firstName" required value={value} onChange={(e) => setValue(e.target.value)} error={Boolean(error)} helperText={error ?? 'As in your passport'} select={select}>
      {select && (
        <>
          <option value="F">Female</option>
          <option value="M">Male</option>
        </>
      )}
    </TextInput>
  );
}

describe('TextInput', () => {
  it('is a labelled input whose label floats once it has focus or a value, with its help described', async () => {
    const user = userEvent.setup();
    renderApp(<Field />);
    const input = screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement;
    expect(input).toHaveAttribute('name', 'firstName');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('As in your passport');
    expect(input).not.toHaveAttribute('aria-invalid');
    const label = input.labels?.[0];
    expect(label).toHaveAttribute('data-shrink', 'false');
    await user.type(input, 'Ann');
    expect(input).toHaveValue('Ann');
    await user.tab();
    expect(label).toHaveAttribute('data-shrink', 'true');
  });

  it('marks an error for assistive technology and says it', () => {
    renderApp(<Field error="Enter your first name" />);
    const input = screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement;
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter your first name');
  });

  it('is a native select with its options when asked', async () => {
    const user = userEvent.setup();
    renderApp(<Field select />);
    const select = screen.getByRole('combobox', { name: 'First name' });
    expect(select).toHaveValue('F');
    await user.selectOptions(select, 'Male');
    expect(select).toHaveValue('M');
  });
});
