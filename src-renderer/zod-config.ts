import { z } from 'zod';

// The content security policy forbids eval; zod's compiled fast path would trip it.
z.config({ jitless: true });
