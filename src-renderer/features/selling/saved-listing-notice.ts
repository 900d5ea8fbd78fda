/** What My listings shows after a save. */
export interface SavedListingNotice {
  id: string;
  title: string;
  url: string;
  created: boolean;
}
