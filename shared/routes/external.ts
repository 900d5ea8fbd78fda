/**
 * Public sites outside the app. They are configuration: change an address here and every
 * link, redirect and deep link follows.
 */
export const HUNT365_URL = 'https://hunt365.ironsight.example';
export const HELP_URL = 'https://help.ironsight.example';
