import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ImagePlus } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../lib/platform/platform.ts';
import { PlatformProvider } from '../lib/platform/platform-context.tsx';
import { createMemoryPlatform } from '../testing/memory-platform.ts';
import { DropZone, type DropZoneProps, FileChooser } from './file-picker.tsx';

afterEach(cleanup);

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

function renderZone(props: Partial<DropZoneProps> = {}, platform: Platform = createMemoryPlatform()) {
  const onFiles = vi.fn();
  const onPickError = vi.fn();
  render(
    <PlatformProvider platform={platform}>
      <DropZone
        label="Add photos"
        icon={ImagePlus}
        hint="Drag photos here, or choose them."
        chooseLabel="Choose photos"
        kind="listingPhotos"
        onFiles={onFiles}
        onPickError={onPickError}
        {...props}
      />
    </PlatformProvider>,
  );
  return { onFiles, onPickError, zone: screen.getByRole('group', { name: 'Add photos' }) };
}

describe('the drop zone', () => {
  it('is a named group whose file input is reached with the keyboard and described by the hint and the error', () => {
    renderZone({ errorId: 'photos-error' });
    const input = screen.getByLabelText('Choose photos') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    expect(input.multiple).toBe(true);
    input.focus();
    expect(document.activeElement).toBe(input);
    const [hintId, errorId] = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(hintId ?? '')?.textContent).toBe('Drag photos here, or choose them.');
    expect(errorId).toBe('photos-error');
    expect(screen.queryByRole('button', { name: 'Browse this computer' })).toBeNull();
  });

  it('hands over dropped and chosen files, and empties the input so the same file can be chosen again', () => {
    const { onFiles, zone } = renderZone();
    fireEvent.drop(zone, { dataTransfer: { files: [photo('front.jpg')] } });
    expect(onFiles).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'front.jpg' })]);
    const input = screen.getByLabelText('Choose photos') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [photo('back.jpg'), photo('side.jpg')] } });
    expect(onFiles).toHaveBeenLastCalledWith([
      expect.objectContaining({ name: 'back.jpg' }),
      expect.objectContaining({ name: 'side.jpg' }),
    ]);
    expect(input.value).toBe('');
    fireEvent.drop(zone, { dataTransfer: { files: [] } });
    expect(onFiles).toHaveBeenCalledTimes(2);
  });

  it('ignores drops while off; when full it turns its pickers off but still hands a drop over', () => {
    const off = renderZone({ disabled: true });
    expect(screen.getByLabelText('Choose photos')).toHaveProperty('disabled', true);
    fireEvent.drop(off.zone, { dataTransfer: { files: [photo('front.jpg')] } });
    expect(off.onFiles).not.toHaveBeenCalled();
    cleanup();

    const full = renderZone({ full: true });
    expect(screen.getByLabelText('Choose photos')).toHaveProperty('disabled', true);
    fireEvent.drop(full.zone, { dataTransfer: { files: [photo('front.jpg')] } });
    expect(full.onFiles).toHaveBeenCalledOnce();
  });

  it('opens the system picker of its kind on the desktop, and reports a file it could not open', async () => {
    const kinds: string[] = [];
    let fail = false;
    const desktop: Platform = {
      ...createMemoryPlatform(),
      kind: 'desktop',
      pickFiles: async (kind) => {
        kinds.push(kind);
        if (fail) throw new Error('front.jpg could not be read.');
        return [photo('front.jpg')];
      },
    };
    const { onFiles, onPickError } = renderZone({}, desktop);
    const browse = screen.getByRole('button', { name: 'Browse this computer' });
    fireEvent.click(browse);
    await waitFor(() => expect(onFiles).toHaveBeenCalledOnce());
    expect(kinds).toEqual(['listingPhotos']);
    fail = true;
    fireEvent.click(browse);
    await waitFor(() => expect(onPickError).toHaveBeenCalledWith(new Error('front.jpg could not be read.')));
  });
});

describe('the file chooser', () => {
  it('keeps the choice in the input when asked, so a form sends what it shows', () => {
    const onFiles = vi.fn();
    render(<FileChooser label="Choose files" keepsChoice onFiles={onFiles} />);
    const input = screen.getByLabelText('Choose files') as HTMLInputElement;
    const file = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.files?.[0]).toBe(file);
  });
});
