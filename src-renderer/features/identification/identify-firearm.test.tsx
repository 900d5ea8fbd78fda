import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { identifiedGlock, VALUATION_SUMMARY } from '../../testing/identification-fixtures.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';

const KEY = 'gaFirearmIdentification';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

function renderSignedIn(respond: (request: RecordedRequest) => Response | Promise<Response>) {
  const fetch = createFakeFetch((request) =>
    request.url.includes('/api/firearms/identify')
      ? respond(request)
      : jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404),
  );
  const view = renderApp('/identify', { fetch, platform: createMemoryPlatform(fakeToken()) });
  return { ...view, fetch };
}

const photo = (name: string, type = 'image/jpeg') => new File([new Uint8Array(2000)], name, { type });

async function fillForm() {
  const form = within(await screen.findByRole('form', { name: 'Identify a firearm' }));
  await act(async () => {
    fireEvent.change(form.getByLabelText('Choose photos'), { target: { files: [photo('left-side.jpg')] } });
  });
  fireEvent.change(form.getByLabelText(/^Manufacturer/), { target: { value: 'Glcok' } });
  fireEvent.change(form.getByLabelText(/^Model/), { target: { value: '19' } });
  fireEvent.change(form.getByLabelText(/^Caliber or gauge/), { target: { value: '9mm' } });
  fireEvent.change(form.getByLabelText(/^Condition/), { target: { value: 'Used' } });
  return form;
}

async function submit(form: ReturnType<typeof within>) {
  await act(async () => {
    fireEvent.click(form.getByRole('button', { name: 'Identify' }));
  });
}

describe('identify a firearm', () => {
  it('asks a visitor to log in, and comes back here after', async () => {
    renderApp('/identify');
    expect(await screen.findByRole('heading', { name: 'Log in to identify a firearm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?returnUrl=%2Fidentify',
    );
    expect(screen.queryByRole('form', { name: 'Identify a firearm' })).toBeNull();
  });

  it('sends the photos and what the owner knows, shows the identity and its value, and keeps them', async () => {
    const { fetch } = renderSignedIn(() => jsonResponse(identifiedGlock()));
    const form = await fillForm();
    expect(within(form.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(
      1,
    );
    await submit(form);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Glock 19 Gen 5' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const body = fetch.requests.find((request) => request.url.includes('/firearms/identify'))
      ?.body as FormData;
    expect(JSON.parse(String(body.get('FirearmInfoJson')))).toEqual({
      manufacturer: 'Glcok',
      model: '19',
      caliber: '9mm',
      condition: 'Used',
    });
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['left-side.jpg']);

    expect(screen.getByText('87%')).toBeTruthy();
    expect(
      screen.getByText('Glock 19 Gen 5 in 9mm Luger, a semi-auto pistol that ships to an FFL.'),
    ).toBeTruthy();
    const identity = within(screen.getByRole('region', { name: 'Identity' }));
    expect(
      identity.getByText('Ships to a licensed dealer (FFL), where the buyer completes the transfer.'),
    ).toBeTruthy();
    expect(identity.getByText(/“Glcok”/).closest('li')?.textContent).toBe(
      'Manufacturer: “Glcok” →  read as Glock (in manufacturer, misspelling corrected)',
    );
    const alternatives = within(screen.getByRole('region', { name: 'It could also be' }));
    expect(alternatives.getByRole('listitem').textContent).toContain('Glock 19X in 9mm Luger 62% match');

    const worth = within(screen.getByRole('region', { name: 'What it is worth' }));
    expect(worth.getByText('median sale price').parentElement?.textContent).toBe('$549 median sale price');
    expect(worth.getByText(VALUATION_SUMMARY)).toBeTruthy();
    expect(worth.getByText('$530 to $565')).toBeTruthy();
    expect(worth.getByText('Up 4.2% on the 90 days before')).toBeTruthy();
    expect(
      worth.getByText(
        'Too few sales of the exact variant: the value falls back to sales of the model (Glock 19).',
      ),
    ).toBeTruthy();
    expect(worth.getByRole('img', { name: VALUATION_SUMMARY })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Glock 19 Gen 5, as you sent it: 1 of 1' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'List this firearm' }).getAttribute('href')).toBe(
      '/dashboard/selling/list-item?manufacturer=Glock&model=19+Gen+5&caliber=9mm+Luger&familyId=18&condition=Used',
    );
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({
      imageUrl: identifiedGlock().imageUrl,
      data: { identity: { model: '19' } },
      info: { condition: 'Used' },
    });
  });

  it('shows the kept identification after a reload, and clears it on Start over', async () => {
    localStorage.setItem(KEY, JSON.stringify(identifiedGlock()));
    renderSignedIn(() => jsonResponse(identifiedGlock()));
    expect(await screen.findByRole('heading', { level: 2, name: 'Glock 19 Gen 5' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    });
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(await screen.findByRole('form', { name: 'Identify a firearm' })).toBeTruthy();
    expect(screen.getByText('Started over. The identification was cleared.')).toBeTruthy();
  });

  it('says what to add when nothing was identified, keeping what was typed and chosen', async () => {
    renderSignedIn(() =>
      jsonResponse({
        imageUrl: '',
        data: null,
        message: 'Add the model: "Glock" alone names many firearms.',
      }),
    );
    const form = await fillForm();
    await submit(form);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not identified. Add the model: "Glock" alone names many firearms.',
    );
    expect((form.getByLabelText(/^Manufacturer/) as HTMLInputElement).value).toBe('Glcok');
    expect(form.getAllByRole('button', { name: 'Remove left-side.jpg' })).toHaveLength(1);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows the server’s refusal and keeps the form', async () => {
    renderSignedIn(() =>
      jsonResponse(
        {
          error: {
            code: 'unsupported_media_type',
            message: 'left-side.jpg is not a JPEG, PNG or WebP image.',
          },
        },
        415,
      ),
    );
    const form = await fillForm();
    await submit(form);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'left-side.jpg is not a JPEG, PNG or WebP image.',
    );
    expect((form.getByLabelText(/^Model/) as HTMLInputElement).value).toBe('19');
    expect(form.getByRole('button', { name: 'Remove left-side.jpg' })).toBeTruthy();
  });

  it('asks for a photo before sending, and refuses files that are not photos', async () => {
    const { fetch } = renderSignedIn(() => jsonResponse(identifiedGlock()));
    const form = within(await screen.findByRole('form', { name: 'Identify a firearm' }));
    await act(async () => {
      fireEvent.change(form.getByLabelText('Choose photos'), {
        target: { files: [photo('notes.pdf', 'application/pdf')] },
      });
    });
    expect(form.getByText('notes.pdf is not a photo the site takes (JPEG, PNG or WebP).')).toBeTruthy();
    await submit(form);
    expect(await form.findByText('Add at least one photo of the firearm.')).toBeTruthy();
    expect(fetch.requests.some((request) => request.url.includes('/firearms/identify'))).toBe(false);
  });

  it('tells an account without the valuation option how to get values', async () => {
    renderSignedIn(() => jsonResponse(identifiedGlock({ valuation: null, valuationAllowed: false })));
    await submit(await fillForm());
    const worth = within(await screen.findByRole('region', { name: 'What it is worth' }));
    expect(worth.getByText(/available to accounts with the valuation option/)).toBeTruthy();
    expect(worth.getByRole('link', { name: 'Contact support to ask for it' }).getAttribute('href')).toBe(
      'https://help.ironsight.example/',
    );
    expect(worth.queryByRole('img')).toBeNull();
  });

  it('takes photos from the desktop’s own picker for identification photos, and keeps to eight', async () => {
    const asked: string[] = [];
    const platform = {
      ...createMemoryPlatform(fakeToken()),
      kind: 'desktop' as const,
      pickFiles: async (kind: string) => {
        asked.push(kind);
        return Array.from({ length: 9 }, (_, index) => photo(`bench-${index + 1}.jpg`));
      },
    };
    renderApp('/identify', { platform });
    const form = within(await screen.findByRole('form', { name: 'Identify a firearm' }));
    // The desktop client has its own picker instead of a camera button.
    expect(form.queryByLabelText(/Take a photo/)).toBeNull();
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Browse this computer' }));
    });
    expect(asked).toEqual(['identificationPhotos']);
    await waitFor(() =>
      expect(within(form.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')).toHaveLength(
        8,
      ),
    );
    expect(
      form.getByText('bench-9.jpg was left out: an identification takes at most 8 photos.'),
    ).toBeTruthy();
  });

  it('offers a phone’s camera on the web, taking any image', async () => {
    renderSignedIn(() => jsonResponse(identifiedGlock()));
    const form = within(await screen.findByRole('form', { name: 'Identify a firearm' }));
    const camera = form.getByLabelText(/Take a photo/) as HTMLInputElement;
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(form.getByLabelText('Choose photos').getAttribute('accept')).toBe(
      'image/jpeg,image/png,image/webp',
    );
  });
});
