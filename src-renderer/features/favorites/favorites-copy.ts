/** The favorites' empty states, shared by the side sheet and the favorites page. */
export const NO_FAVORITES = 'No favorites';
export const LOG_IN_FOR_FAVORITES = 'Please log in to add your favorites';
