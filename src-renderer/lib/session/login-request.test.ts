import { describe, expect, it } from 'vitest';
import { onLoginRequest, requestLogin } from './login-request.ts';

describe('login requests', () => {
  it('reach the mounted modal and resolve with its outcome', async () => {
    const target = new EventTarget();
    const stop = onLoginRequest((detail) => detail.settle(true), target);
    await expect(requestLogin('favorite', target)).resolves.toBe(true);
    stop();
  });

  it('resolve false when no modal is listening', async () => {
    await expect(requestLogin(undefined, new EventTarget())).resolves.toBe(false);
  });

  it('settle only once', async () => {
    const target = new EventTarget();
    onLoginRequest((detail) => {
      detail.settle(false);
      detail.settle(true);
    }, target);
    await expect(requestLogin(undefined, target)).resolves.toBe(false);
  });
});
