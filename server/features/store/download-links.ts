// The addresses a download e-mail carries: the download page of a purchase and its release's cover.

export function downloadLink(appUrl: string, token: string): string {
  return `${appUrl}/downloads/${token}`;
}

/**
 * One item of the download e-mail: its title, its link and the release's cover as an absolute
 * address (a mail client has no page to resolve `/objects/uploads/{id}` against), or null.
 */
export function downloadItem(
  appUrl: string,
  item: { title: string; artist: string; token: string; coverUrl: string | null },
) {
  return {
    title: item.title,
    artist: item.artist,
    link: downloadLink(appUrl, item.token),
    coverUrl: item.coverUrl ? `${appUrl}${item.coverUrl}` : null,
  };
}
