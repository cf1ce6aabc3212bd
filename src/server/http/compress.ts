/**
 * Gzip for the pages the app renders (text/html): the production server compresses them when the
 * browser accepts gzip, as static CSS and JS already are. Only HTML: an event stream must reach
 * the browser chunk by chunk, and JSON answers are small. A response that is already encoded, has
 * no body, or is a partial or "not modified" answer is left as it is.
 */
export function compressHtml(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('text/html') || !response.body || response.headers.has('content-encoding')) return response
  if (response.status === 204 || response.status === 206 || response.status === 304 || request.method === 'HEAD') return response
  const vary = response.headers.get('vary')
  const headers = new Headers(response.headers)
  headers.set('vary', vary ? (/\baccept-encoding\b/i.test(vary) ? vary : `${vary}, Accept-Encoding`) : 'Accept-Encoding')
  if (!acceptsGzip(request.headers.get('accept-encoding')))
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** Whether an Accept-Encoding header allows gzip (named, or "*", without q=0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false
  let gzip: number | undefined
  let any: number | undefined
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined)
    const weight = q === undefined ? 1 : Number(q)
    if (name === 'gzip' || name === 'x-gzip') gzip = weight
    else if (name === '*') any = weight
  }
  return (gzip ?? any ?? 0) > 0
}
