import { z } from 'zod';

export const DEFAULT_API_ORIGIN = 'http://localhost:3000';
/** The product's public web addresses; links to them open in the desktop client when it is asked to. */
export const DEFAULT_PRODUCT_HOSTS = ['ironsight.example', 'www.ironsight.example'] as const;

export interface DesktopConfig {
  /** Origin of the marketplace API, e.g. 'https://api.ironsight.example'. */
  apiOrigin: string;
  /** Lower-case host names whose https links are treated as deep links. */
  productHosts: readonly string[];
  /** Renderer dev server (electron-vite dev); never honoured in a packaged app. */
  rendererDevUrl: string | null;
  /**
   * The update feed set at launch (IRONSIGHT_UPDATE_URL), e.g.
   * 'https://ironsight.example/desktop/updates/'; null: the one packaged into the app, if any.
   */
  updateFeedUrl: string | null;
}

const httpOrigin = z
  .url({ protocol: /^https?$/ })
  .transform((value) => new URL(value).origin)
  .refine((origin) => origin !== 'null', 'Expected an http(s) origin');

const hostList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
  )
  .pipe(z.array(z.hostname()).min(1));

const envSchema = z.object({
  IRONSIGHT_API_ORIGIN: httpOrigin.default(DEFAULT_API_ORIGIN),
  IRONSIGHT_PRODUCT_HOSTS: hostList.optional(),
  ELECTRON_RENDERER_URL: httpOrigin.optional(),
  IRONSIGHT_UPDATE_URL: z.url({ protocol: /^https?$/, error: 'Expected an http(s) address' }).optional(),
});

/**
 * Reads the desktop configuration once at start-up; a malformed value stops the app with a
 * message naming the variable rather than running against the wrong server.
 */
export function loadDesktopConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: { isPackaged: boolean },
): DesktopConfig {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const parsed = envSchema.safeParse({
    IRONSIGHT_API_ORIGIN: blankToUndefined(env.IRONSIGHT_API_ORIGIN),
    IRONSIGHT_PRODUCT_HOSTS: blankToUndefined(env.IRONSIGHT_PRODUCT_HOSTS),
    ELECTRON_RENDERER_URL: blankToUndefined(env.ELECTRON_RENDERER_URL),
    IRONSIGHT_UPDATE_URL: blankToUndefined(env.IRONSIGHT_UPDATE_URL),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid desktop configuration — ${problems.join('; ')}`);
  }
  return {
    apiOrigin: parsed.data.IRONSIGHT_API_ORIGIN,
    productHosts: parsed.data.IRONSIGHT_PRODUCT_HOSTS ?? [...DEFAULT_PRODUCT_HOSTS],
    rendererDevUrl: options.isPackaged ? null : (parsed.data.ELECTRON_RENDERER_URL ?? null),
    updateFeedUrl: parsed.data.IRONSIGHT_UPDATE_URL ?? null,
  };
}
