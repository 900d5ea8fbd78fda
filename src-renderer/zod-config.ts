import { z } from 'zod';
// Forms show the same human messages the server answers with.
import '../shared/zod-messages.ts';

// The content security policy forbids eval; zod's compiled fast path would trip it.
z.config({ jitless: true });
