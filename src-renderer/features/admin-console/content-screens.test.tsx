import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminAdCreative } from '../../../shared/contract/ads.ts';
import type { AdminArticleDetail } from '../../../shared/contract/content.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { findStatus } from '../../testing/status.ts';
import { formatTime, localInputOf } from './console-parts.tsx';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const ADMIN_TOKEN = fakeToken({
  role: ['Buyer', 'Admin'],
  unique_name: 'd1000000-0000-4000-8000-0000000000ad',
  email: 'admin@example.com',
  given_name: 'Ada',
  family_name: 'Admin',
});

const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));
const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://localhost').pathname;
const sent = (fetch: { requests: RecordedRequest[] }, path: string) =>
  fetch.requests.filter((request) => pathOf(request) === path);

const ARTICLE: AdminArticleDetail = {
  id: 'a1000000-0000-4000-8000-000000000001',
  slug: 'glock-19-review',
  title: 'Glock 19 Review',
  link: '/digest/glock-19-review',
  date: '2026-03-01T15:00:00.000Z',
  featuredImage: '/media/stock/pistol.png',
  featuredImageSizes: [],
  authorName: 'Dana Whitfield',
  authorAvatar: null,
  description: 'The compact that does everything.',
  readingTime: 3,
  brandTags: ['glock'],
  bodyHtml: '<p>It is <strong>reliable</strong>.</p>',
  updatedAt: '2026-03-01T15:00:00.000Z',
  scheduled: false,
};

/** The body editor: an editable region named by its label; typing is an input event on its HTML. */
function typeBody(form: HTMLElement, html: string) {
  const region = within(form).getByRole('textbox', { name: 'Body' });
  region.innerHTML = html;
  fireEvent.input(region);
}

describe('articles', () => {
  it('writes an article: the slug follows the title, the body is sent as HTML, and the digest link shows', async () => {
    const fetch = createFakeFetch((request) => {
      const path = pathOf(request);
      if (path === '/api/wp/addOrUpdate') {
        const body = bodyOf(request);
        return jsonResponse({
          ...ARTICLE,
          ...body,
          id: 'a1000000-0000-4000-8000-000000000002',
          link: `/digest/${body.slug}`,
        });
      }
      if (path === '/api/pprAdmin/articles') return jsonResponse({ results: [ARTICLE], total: 1 });
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    });
    renderApp('/admin/articles', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    expect(await screen.findByRole('link', { name: 'Glock 19 Review' })).toBeTruthy();
    expect(screen.getByText('1 article, newest first')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New article' });
    fireEvent.change(within(form).getByLabelText(/^Title/), {
      target: { value: 'Señor’s 9mm Buyer’s Guide' },
    });
    expect((within(form).getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('senors-9mm-buyers-guide');
    fireEvent.change(within(form).getByLabelText(/^Description/), {
      target: { value: 'What to look for in a first pistol.' },
    });
    typeBody(form, '<p>Start with <em>fit</em>.</p>');
    fireEvent.change(within(form).getByLabelText(/^Author$/), { target: { value: 'Dana Whitfield' } });
    fireEvent.change(within(form).getByLabelText(/^Brand tags/), { target: { value: 'Glock, sig-sauer, ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish article' }));

    const status = await findStatus();
    expect(status.textContent).toBe('“Señor’s 9mm Buyer’s Guide” is saved. Read it on the digest.');
    expect(within(status).getByRole('link').getAttribute('href')).toBe('/digest/senors-9mm-buyers-guide');
    expect(bodyOf(sent(fetch, '/api/wp/addOrUpdate')[0] as RecordedRequest)).toEqual({
      title: 'Señor’s 9mm Buyer’s Guide',
      slug: 'senors-9mm-buyers-guide',
      description: 'What to look for in a first pistol.',
      bodyHtml: '<p>Start with <em>fit</em>.</p>',
      authorName: 'Dana Whitfield',
      authorAvatar: null,
      featuredImage: null,
      brandTags: ['glock', 'sig-sauer'],
    });
    // The saved article is now the one being edited, with what the server answered.
    const editor = await screen.findByRole('form', { name: 'Edit “Señor’s 9mm Buyer’s Guide”' });
    expect(within(editor).getByRole('button', { name: 'Save article' })).toBeTruthy();
  });

  it('edits an article with its body loaded, keeps what was typed when the server refuses it', async () => {
    let answer: Response = jsonResponse(
      {
        error: {
          code: 'conflict',
          message: 'Another article already has this slug.',
          fields: { slug: 'Choose another slug.' },
        },
      },
      409,
    );
    const fetch = createFakeFetch((request) => {
      const path = pathOf(request);
      if (path === '/api/wp/addOrUpdate') return answer;
      if (path === `/api/pprAdmin/articles/${ARTICLE.slug}`) return jsonResponse(ARTICLE);
      return jsonResponse({ results: [ARTICLE], total: 1 });
    });
    renderApp('/admin/articles', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit\s+“Glock 19 Review”$/ }));
    const form = await screen.findByRole('form', { name: 'Edit “Glock 19 Review”' });
    expect((within(form).getByLabelText(/^Featured image address/) as HTMLInputElement).value).toBe(
      '/media/stock/pistol.png',
    );
    expect(within(form).getByRole('textbox', { name: 'Body' }).innerHTML).toBe(ARTICLE.bodyHtml);
    // An existing article's slug stays as it is when the title changes.
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Glock 19 Gen 6 Review' } });
    expect((within(form).getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('glock-19-review');
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'how-ffl-transfers-work' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save article' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Another article already has this slug.',
    );
    expect(within(form).getByText('Choose another slug.')).toBeTruthy();
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Glock 19 Gen 6 Review');
    expect(bodyOf(sent(fetch, '/api/wp/addOrUpdate')[0] as RecordedRequest)).toEqual({
      id: ARTICLE.id,
      title: 'Glock 19 Gen 6 Review',
      slug: 'how-ffl-transfers-work',
      description: ARTICLE.description,
      bodyHtml: ARTICLE.bodyHtml,
      authorName: ARTICLE.authorName,
      authorAvatar: null,
      featuredImage: ARTICLE.featuredImage,
      brandTags: ['glock'],
    });

    answer = jsonResponse({ ...ARTICLE, title: 'Glock 19 Gen 6 Review' });
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: ARTICLE.slug } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save article' }));
    expect((await findStatus()).textContent).toContain('“Glock 19 Gen 6 Review” is saved.');
  });

  it('schedules an article for a later date and lists scheduled ones without a digest link', async () => {
    const later = new Date(Date.now() + 7 * 86_400_000);
    later.setSeconds(0, 0);
    const SCHEDULED = {
      ...ARTICLE,
      id: 'a1000000-0000-4000-8000-000000000003',
      slug: 'p365-preview',
      title: 'P365 Preview',
      link: '/digest/p365-preview',
      date: later.toISOString(),
      scheduled: true,
    };
    const fetch = createFakeFetch((request) => {
      const path = pathOf(request);
      if (path === '/api/wp/addOrUpdate') {
        const body = bodyOf(request);
        return jsonResponse({ ...SCHEDULED, ...body, date: body.publishedAt, link: `/digest/${body.slug}` });
      }
      if (path === `/api/pprAdmin/articles/${SCHEDULED.slug}`) return jsonResponse(SCHEDULED);
      return jsonResponse({ results: [SCHEDULED, ARTICLE], total: 2 });
    });
    renderApp('/admin/articles', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    await screen.findByRole('link', { name: 'Glock 19 Review' });
    // A scheduled article is named without a link (its address answers not found until its date).
    expect(screen.getByText('P365 Preview').closest('a')).toBeNull();
    expect(screen.getByText(`Scheduled for ${formatTime(SCHEDULED.date)}`)).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New article' });
    expect(within(form).getByRole('button', { name: 'Publish article' })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Title/), {
      target: { value: 'Sig P365 X-Macro Preview' },
    });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'Coming next week.' } });
    typeBody(form, '<p>Soon.</p>');
    fireEvent.change(within(form).getByLabelText(/^Author$/), { target: { value: 'Dana Whitfield' } });
    fireEvent.change(within(form).getByLabelText(/^Publish at/), {
      target: { value: localInputOf(later.toISOString()) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule article' }));

    expect((await findStatus()).textContent).toBe(
      `“Sig P365 X-Macro Preview” is saved and scheduled: it appears on the digest on ${formatTime(later.toISOString())}.`,
    );
    expect(bodyOf(sent(fetch, '/api/wp/addOrUpdate')[0] as RecordedRequest).publishedAt).toBe(
      later.toISOString(),
    );

    // Editing it shows its date; saved unchanged, the date is not sent, so it is kept to the second.
    fireEvent.click(screen.getByRole('button', { name: /^Edit\s+“P365 Preview”$/ }));
    const editor = await screen.findByRole('form', { name: 'Edit “P365 Preview”' });
    expect((within(editor).getByLabelText(/^Publish at/) as HTMLInputElement).value).toBe(
      localInputOf(SCHEDULED.date),
    );
    fireEvent.click(within(editor).getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(sent(fetch, '/api/wp/addOrUpdate')).toHaveLength(2));
    expect(bodyOf(sent(fetch, '/api/wp/addOrUpdate')[1] as RecordedRequest)).not.toHaveProperty(
      'publishedAt',
    );
  });

  it('deletes an article only after confirming, naming it', async () => {
    const fetch = createFakeFetch((request) =>
      request.method === 'DELETE'
        ? jsonResponse({ success: true })
        : jsonResponse({ results: [ARTICLE], total: 1 }),
    );
    renderApp('/admin/articles', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    fireEvent.click(await screen.findByRole('button', { name: /^Delete\s+“Glock 19 Review”$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the article “Glock 19 Review”?' });
    expect(fetch.requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete article' }));
    await waitFor(() => expect(sent(fetch, `/api/wp/delete/${ARTICLE.id}`)).toHaveLength(1));
    expect(sent(fetch, `/api/wp/delete/${ARTICLE.id}`)[0]?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('searches by keyword and says so when nothing matches', async () => {
    const fetch = createFakeFetch((request) =>
      new URL(request.url, 'http://localhost').searchParams.get('keyword')
        ? jsonResponse({ results: [], total: 0 })
        : jsonResponse({ results: [ARTICLE], total: 1 }),
    );
    renderApp('/admin/articles', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    await screen.findByRole('link', { name: 'Glock 19 Review' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search articles' }), {
      target: { value: 'suppressor' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No article matches.')).toBeTruthy();
    const search = sent(fetch, '/api/pprAdmin/articles').at(-1) as RecordedRequest;
    expect(new URL(search.url, 'http://localhost').searchParams.get('keyword')).toBe('suppressor');
  });
});

function creative(n: number, overrides: Partial<AdminAdCreative> = {}): AdminAdCreative {
  return {
    id: `c1000000-0000-4000-8000-00000000000${n}`,
    page: 'home',
    zone: 'rev_home_hero_1',
    name: `Spring sale ${n}`,
    imageUrl: `/media/ads/spring-${n}.png`,
    linkUrl: '/brand/glock',
    altText: 'Glock spring sale',
    priority: 0,
    isActive: true,
    startsAt: null,
    endsAt: null,
    impressions: 0,
    clicks: 0,
    updatedAt: '2026-03-01T15:00:00.000Z',
    ...overrides,
  };
}

describe('ads', () => {
  const ADS = [
    creative(1, { impressions: 12_400, clicks: 62 }),
    creative(2, { zone: 'product_focus_1', isActive: false }),
    creative(3, { page: 'glock', zone: 'product_focus_2', startsAt: '2099-01-01T00:00:00.000Z' }),
  ];

  it('lists creatives by page and zone with their impressions, clicks and state', async () => {
    const fetch = createFakeFetch(() => jsonResponse({ results: ADS }));
    renderApp('/admin/ads', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    const hero = await screen.findByRole('region', { name: 'home / rev_home_hero_1' });
    const [, row] = within(hero).getAllByRole('row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Spring sale 1/brand/glock',
      'Live',
      'Always',
      '0',
      '12,400',
      '62',
      '0.5%',
      expect.any(String),
    ]);
    expect(
      within(screen.getByRole('region', { name: 'home / product_focus_1' })).getByText('Off'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'glock / product_focus_2' })).getByText('Scheduled'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show page'), { target: { value: 'glock' } });
    expect(screen.queryByRole('region', { name: 'home / rev_home_hero_1' })).toBeNull();
    expect(screen.getByRole('region', { name: 'glock / product_focus_2' })).toBeTruthy();
  });

  it('adds a scheduled ad in a zone of the chosen page; the schedule is sent as moments', async () => {
    const fetch = createFakeFetch((request) =>
      pathOf(request) === '/api/ads/addOrUpdate'
        ? jsonResponse({ ...creative(4), ...bodyOf(request), id: creative(4).id })
        : jsonResponse({ results: [] }),
    );
    renderApp('/admin/ads', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    expect(await screen.findByText(/No ads yet/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New ad' });
    fireEvent.change(within(form).getByLabelText(/^Page/), { target: { value: 'brand' } });
    const zone = within(form).getByLabelText(/^Zone/) as HTMLSelectElement;
    // Only the brand page's zones, each with the size it reserves.
    expect([...zone.options].map((option) => option.value)).toEqual([
      'product_focus_1',
      'product_focus_1_mob',
      'product_focus_2',
      'product_focus_2_mob',
      'product_focus_3',
      'product_focus_3_mob',
    ]);
    expect(zone.options[1]?.textContent).toBe('product_focus_1_mob (320×100, small screens)');
    fireEvent.change(zone, { target: { value: 'product_focus_3' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Optics week' } });
    fireEvent.change(within(form).getByLabelText(/^Image address/), {
      target: { value: 'https://ads.example/optics.png' },
    });
    fireEvent.change(within(form).getByLabelText(/^Link/), { target: { value: '/search?keyword=optics' } });
    fireEvent.change(within(form).getByLabelText(/^Image description/), {
      target: { value: 'Optics week: 20% off scopes' },
    });
    fireEvent.change(within(form).getByLabelText(/^Priority/), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(/^Starts/), { target: { value: '2026-05-01T09:00' } });
    fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: '2026-05-08T09:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add ad' }));

    expect((await findStatus()).textContent).toBe('Optics week is saved.');
    expect(bodyOf(sent(fetch, '/api/ads/addOrUpdate')[0] as RecordedRequest)).toEqual({
      page: 'brand',
      zone: 'product_focus_3',
      name: 'Optics week',
      imageUrl: 'https://ads.example/optics.png',
      linkUrl: '/search?keyword=optics',
      altText: 'Optics week: 20% off scopes',
      priority: 5,
      isActive: true,
      startsAt: new Date('2026-05-01T09:00').toISOString(),
      endsAt: new Date('2026-05-08T09:00').toISOString(),
    });
    expect(screen.getByRole('form', { name: 'Edit Optics week' })).toBeTruthy();
  });

  it('edits an ad, switching it off, and deletes one after confirming', async () => {
    const fetch = createFakeFetch((request) => {
      if (request.method === 'DELETE') return jsonResponse({ success: true });
      if (pathOf(request) === '/api/ads/addOrUpdate') return jsonResponse({ ...ADS[0], ...bodyOf(request) });
      return jsonResponse({ results: ADS });
    });
    renderApp('/admin/ads', { fetch, platform: createMemoryPlatform(ADMIN_TOKEN) });
    fireEvent.click(await screen.findByRole('button', { name: /^Edit\s+Spring sale 1$/ }));
    const form = screen.getByRole('form', { name: 'Edit Spring sale 1' });
    expect((within(form).getByLabelText(/^Zone/) as HTMLSelectElement).value).toBe('rev_home_hero_1');
    fireEvent.click(within(form).getByRole('checkbox', { name: /^Active/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save ad' }));
    expect((await findStatus()).textContent).toBe('Spring sale 1 is saved.');
    expect(bodyOf(sent(fetch, '/api/ads/addOrUpdate')[0] as RecordedRequest)).toMatchObject({
      id: ADS[0]?.id,
      isActive: false,
      startsAt: null,
      endsAt: null,
    });

    fireEvent.click(screen.getByRole('button', { name: /^Delete\s+Spring sale 2$/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the ad “Spring sale 2” (home / product_focus_1)?',
    });
    expect(fetch.requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete ad' }));
    await waitFor(() => expect(sent(fetch, `/api/ads/delete/${ADS[1]?.id}`)).toHaveLength(1));
  });
});
