/** A multipart/form-data body with one file part, as the browser's upload sends it. */
export function multipartBody(
  field: string,
  fileName: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = '----oj-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
