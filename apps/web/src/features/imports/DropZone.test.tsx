// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropZone } from './DropZone';

const clarity = () => new File(['Index,Timestamp\n'], 'clarity.csv', { type: 'text/csv' });

describe('DropZone', () => {
  afterEach(cleanup);

  it('hands over a chosen file, whatever its extension', async () => {
    const onFile = vi.fn();
    render(<DropZone onFile={onFile} />);
    const file = clarity();
    await userEvent.upload(screen.getByLabelText('File to import'), file);
    expect(onFile).toHaveBeenCalledWith(file);
    const odd = new File(['?'], 'export.weird');
    await userEvent.upload(screen.getByLabelText('File to import'), odd);
    expect(onFile).toHaveBeenLastCalledWith(odd);
  });

  it('hands over a dropped file', () => {
    const onFile = vi.fn();
    render(<DropZone onFile={onFile} />);
    const file = clarity();
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('opens the file input from the keyboard through its button', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    render(<DropZone onFile={vi.fn()} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose file' }));
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('takes nothing while an upload is under way', () => {
    const onFile = vi.fn();
    render(<DropZone onFile={onFile} disabled />);
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [clarity()] } });
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose file' }).hasAttribute('disabled')).toBe(true);
  });
});
