import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useApiClient } from '../../lib/api-client-context.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { failureText } from './order-common.ts';

/** The file's type from its first bytes: the license copy is a PDF, JPEG or PNG. */
function mediaTypeOf(bytes: Uint8Array): string {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  return 'application/octet-stream';
}

/**
 * Opens the receiving dealer's license copy to print. The file is fetched with the seller's
 * credentials (the order grants them) and shown from the browser's memory.
 */
export function LicenseCopyButton({ dealerId }: { dealerId: string }) {
  const api = useApiClient();
  const [error, setError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: () => api.call('fflLicenseCopy', { params: { id: dealerId } }),
    onSuccess: (bytes) => {
      setError(null);
      const data = bytes as Uint8Array<ArrayBuffer>;
      const url = URL.createObjectURL(new Blob([data], { type: mediaTypeOf(data) }));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onError: (e) =>
      setError(isApiError(e) && e.status === 404 ? 'The license copy is not on file.' : failureText(e)),
  });
  return (
    <div>
      <Button variant="secondary" size="sm" onClick={() => open.mutate()} disabled={open.isPending}>
        Print the dealer's license copy
      </Button>
      <FormError>{error}</FormError>
    </div>
  );
}
