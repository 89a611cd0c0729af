import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderApp } from '@/testing/renderApp';
import { Choice, ChoiceGroup } from './Choice';
import { Notice } from './Notice';
import { Tag } from './Tag';
import { TextList } from './TextList';

function Sex({ error }: { error?: string }) {
  const [value, setValue] = useState('F');
  return (
    <ChoiceGroup row legend="Sex" error={error}>
      {['F', 'M'].map((v) => (
        <Choice key={v} type="radio" name="sex" value={v} checked={value === v} onChange={() => setValue(v)} label={v === 'F' ? 'Female' : 'Male'} />
      ))}
    </ChoiceGroup>
  );
}

describe('Choice and ChoiceGroup', () => {
  it('are native radios named by their labels in a group named by its legend', async () => {
    renderApp(<Sex />);
    const group = screen.getByRole('group', { name: 'Sex' });
    expect(group).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    // The whole label is the target.
    await userEvent.setup().click(screen.getByText('Male'));
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
  });

  it('a group with an error is invalid and described by it', () => {
    renderApp(<Sex error="Choose the sex" />);
    const group = screen.getByRole('group', { name: 'Sex' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose the sex');
  });

  it('a checkbox with a description is named by both lines and toggles', async () => {
    function Mail() {
      const [on, setOn] = useState(false);
      return <Choice type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} label="By e-mail" description="anna@example.test" />;
    }
    renderApp(<Mail />);
    const box = screen.getByRole('checkbox', { name: 'By e-mail anna@example.test' });
    expect(box).not.toBeChecked();
    await userEvent.setup().click(box);
    expect(box).toBeChecked();
  });
});

describe('Tag, Notice and TextList', () => {
  it('a tag shows its label, its icon hidden from assistive technology', () => {
    renderApp(<Tag label="Completed" color="success" size="small" icon={<svg aria-hidden data-testid="icon" />} data-flag="normal" />);
    const tag = screen.getByText('Completed').closest('.tag');
    expect(tag).toHaveAttribute('data-flag', 'normal');
    expect(tag).toHaveClass('tag-success', 'tag-small', 'tag-filled');
    expect(screen.getByTestId('icon')).toHaveAttribute('aria-hidden');
  });

  it('a notice is an alert by default, a status when told, with its action usable', async () => {
    const retried: number[] = [];
    renderApp(
      <>
        <Notice severity="error" action={<button onClick={() => retried.push(1)}>Retry</button>} data-testid="failed">
          Could not load
        </Notice>
        <Notice severity="success" role="status" variant="filled">
          Saved
        </Notice>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByTestId('failed')).toBe(screen.getByRole('alert'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toEqual([1]);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('a text list is a named list of rows with their controls', () => {
    renderApp(<TextList label="Sessions" items={[{ key: 1, primary: 'Firefox', secondary: 'since today', action: <button>Sign out</button> }, { key: 2, primary: 'Chrome' }]} />);
    const list = screen.getByRole('list', { name: 'Sessions' });
    const rows = screen.getAllByRole('listitem');
    expect(list).toContainElement(rows[0]!);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefoxsince todaySign out');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
