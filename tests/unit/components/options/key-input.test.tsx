// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { KeyInput } from '../../../../components/options/key-input';

afterEach(cleanup);

describe('KeyInput', () => {
  function Harness({ saved }: { saved: boolean }) {
    const [typed, setTyped] = useState<string | undefined>();
    return (
      <>
        <KeyInput id="k" testId="k" label="API key" saved={saved} typed={typed} onChange={setTyped} />
        <output data-testid="state">
          {typed === undefined ? 'keep' : typed === '' ? 'remove' : `replace:${typed}`}
        </output>
      </>
    );
  }

  it('keeps a saved key until the user types or removes it', () => {
    render(<Harness saved />);
    const input = screen.getByTestId('k') as HTMLInputElement;
    expect(input.placeholder).toBe('Saved (type to replace)');
    expect(screen.getByTestId('state').textContent).toBe('keep');
    fireEvent.change(input, { target: { value: 'sk-new' } });
    expect(screen.getByTestId('state').textContent).toBe('replace:sk-new');
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByTestId('state').textContent).toBe('keep');
    fireEvent.click(screen.getByText('Remove'));
    expect(screen.getByTestId('state').textContent).toBe('remove');
    expect(input.placeholder).toBe('Will be removed on save');
  });

  it('asks for a key when none is saved', () => {
    render(<Harness saved={false} />);
    expect((screen.getByTestId('k') as HTMLInputElement).placeholder).toBe('Paste your key');
    expect(screen.queryByText('Remove')).toBeNull();
  });
});
