// @cfworker/json-schema 4.1.6, src/pointer.ts, copied by mcp-codegen: verbatim but for its imports renamed to these files.
// Do not edit: it is replaced on every `mcp-codegen generate`. https://github.com/cfworker/cfworker
// MIT License. Copyright (c) Jeremy Danyow. Permission is hereby granted, free of charge, to any person obtaining a
// copy of this software and associated documentation files (the "Software"), to deal in the Software without
// restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense,
// and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the
// following conditions: The above copyright notice and this permission notice shall be included in all copies or
// substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
// NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
// SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
export function encodePointer(p: string): string {
  // encodeURI leaves "#" unchanged, but RFC 3986 does not allow it within a
  // fragment and RFC 6901 requires JSON Pointer data outside that grammar to
  // be percent-encoded.
  return encodeURI(escapePointer(p)).replace(/#/g, '%23');
}

export function escapePointer(p: string): string {
  return p.replace(/~/g, '~0').replace(/\//g, '~1');
}
