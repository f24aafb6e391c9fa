// @cfworker/json-schema 4.1.6, src/ucs2-length.ts, copied by mcp-codegen: verbatim but for its imports renamed to these files.
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
/**
 * Get UCS-2 length of a string
 * https://mathiasbynens.be/notes/javascript-encoding
 * https://github.com/bestiejs/punycode.js - punycode.ucs2.decode
 */
export function ucs2length(s: string): number {
  let result = 0;
  let length = s.length;
  let index = 0;
  let charCode: number;
  while (index < length) {
    result++;
    charCode = s.charCodeAt(index++);
    if (charCode >= 0xd800 && charCode <= 0xdbff && index < length) {
      // high surrogate, and there is a next character
      charCode = s.charCodeAt(index);
      if ((charCode & 0xfc00) == 0xdc00) {
        // low surrogate
        index++;
      }
    }
  }
  return result;
}
