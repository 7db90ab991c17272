/**
 * A picture's width and height as the browser reads them from the file, or null when it cannot
 * read it as an image. Used to refuse an oversized picture before uploading it; the server
 * checks the same limit from the file's header on its own.
 */
export function imageDimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}
