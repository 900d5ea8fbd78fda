import { configure } from '@testing-library/react';

/*
 * Screens under test talk to the real in-process server, and the first render of a file also
 * compiles its modules: on a busy 2-core machine that can take longer than Testing Library's
 * default second, so `findBy…` and `waitFor` wait up to five seconds for what a screen shows.
 */
configure({ asyncUtilTimeout: 5000 });
