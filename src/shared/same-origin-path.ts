/**
 * A same-origin absolute path: "/setup", never "//evil.example", "/\evil.example" or a path with
 * control characters (browsers drop tab and newline, so "/\t/evil.example" would become
 * "//evil.example"). Redirect targets from procedures must pass this on both sides.
 */
export function isSameOriginPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\u0000-\u001f\u007f]/.test(path)
}
