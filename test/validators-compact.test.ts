/**
 * The size rewrites (src/emit/validators/compact.ts) on the masked code (skeleton.ts): literals are
 * never touched, only Ajv's exact shapes are rewritten, anything unexpected is left as Ajv wrote it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compactAjvCode } from '../src/emit/validators/compact.js';
import { foldRequiredRuns, foldTypeRuns } from '../src/emit/validators/fold-runs.js';
import { inlineSchemaRefs } from '../src/emit/validators/schema-refs.js';
import { maskLiterals, unmaskLiterals } from '../src/emit/validators/skeleton.js';

const block = (literal: string) =>
  `const err3 = ${literal};\nif(vErrors === null){\nvErrors = [err3];\n}\nelse {\nvErrors.push(err3);\n}\nerrors++;\n`;

describe('maskLiterals', () => {
  const given: Array<[code: string, skeleton: string | undefined]> = [
    ['if(data.x === "a\\"b"){', 'if(data.x === \u00000\u0000){'],
    ['const s = "back\\\\" + "slash";', 'const s = \u00000\u0000 + \u00001\u0000;'],
    [
      'const formats2 = /^[a-z"\']+$/i;\nx("y")',
      'const formats2 = \u00000\u0000;\nx(\u00001\u0000)',
    ],
    ["x = 'single';", undefined],
    ['x = `template`;', undefined],
    ['x = "unterminated;', undefined],
    ['x = "\u0000";', undefined],
    // A backslash at the end of a line escapes nothing: the string is left open.
    ['x = "open\\', undefined],
    ['x = "a" + \'b\';', undefined],
    ['f("a")\ng(`b`)', undefined],
    ['a("x")\n\nb("y", "z")', 'a(\u00000\u0000)\n\nb(\u00001\u0000, \u00002\u0000)'],
    ['"" + ""', '\u00000\u0000 + \u00001\u0000'],
    ['', ''],
  ];
  for (const [code, skeleton] of given) {
    test(JSON.stringify(code), () => {
      const masked = maskLiterals(code);
      assert.equal(masked?.skeleton, skeleton);
      if (masked !== undefined)
        assert.equal(unmaskLiterals(masked.skeleton, masked.literals), code);
    });
  }
});

describe('compactAjvCode', () => {
  test('folds the error block into $addError, without schemaPath, keeping every literal byte for byte', () => {
    const literal =
      '{instancePath:instancePath+"/a,b}{",schemaPath:"#/properties/a%2Cb%7D%7B/type",keyword:"type",params:{type: "string"},message:"must be {string}, \\"really\\""}';
    const { body, helpers } = compactAjvCode(`let x = 1;\n${block(literal)}return x;`);
    assert.equal(
      body,
      'let x = 1;\nvErrors = $addError(vErrors, instancePath+"/a,b}{", "type", {type: "string"}, "must be {string}, \\"really\\"");\nerrors++;\nreturn x;',
    );
    assert.deepEqual(helpers, ['$addError']);
  });

  test('keeps the shorthand instancePath', () => {
    const { body } = compactAjvCode(
      block(
        '{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "d"},message:"must have required property \'"+"d"+"\'"}',
      ),
    );
    assert.equal(
      body,
      'vErrors = $addError(vErrors, instancePath, "required", {missingProperty: "d"}, "must have required property \'"+"d"+"\'");\nerrors++;\n',
    );
  });

  test('an error object of another shape is appended as the object Ajv built', () => {
    const literal =
      '{instancePath,keyword:"type",params:{type: "string"},message:"must be string",schema:"string",data}';
    const { body, helpers } = compactAjvCode(block(literal));
    assert.equal(body, `vErrors = $addErrorObject(vErrors, ${literal});\nerrors++;\n`);
    assert.deepEqual(helpers, ['$addErrorObject']);
  });

  test('server text shaped like the rewritten code is data and stays as it is', () => {
    const data = JSON.stringify(`,schemaPath:"x"\n${block('{instancePath}')}`);
    const code = `if(data.k === ${data}){\nreturn true;\n}`;
    assert.deepEqual(compactAjvCode(code), { body: code, helpers: [] });
  });

  test('code that cannot be masked is left alone', () => {
    const code = `x = 'quoted';\n${block('{instancePath,keyword:"a",params:{},message:"b"}')}`;
    assert.deepEqual(compactAjvCode(code), { body: code, helpers: [] });
  });
});

describe('inlineSchemaRefs', () => {
  const run = (code: string) => {
    const masked = maskLiterals(code)!;
    const out = inlineSchemaRefs(masked.skeleton, masked.literals);
    return out === undefined ? undefined : unmaskLiterals(out, masked.literals);
  };

  test('keeps only the values read, once per path, and leaves a property called schema0 alone', () => {
    const code = [
      'const schema0 = {"properties":{"a-b":{"enum":[1,2]},"c":{"type":["string","null"]}},"description":"long text"};',
      'function validate0(data){',
      'if(data.schema0 && schema0.properties["a-b"].enum.length && schema0.properties.c.type){',
      'return schema0.properties["a-b"].enum;',
      '}',
      '}',
    ].join('\n');
    assert.equal(
      run(code),
      [
        'const schema0_0 = [1,2];',
        'const schema0_1 = ["string","null"];',
        'function validate0(data){',
        'if(data.schema0 && schema0_0.length && schema0_1){',
        'return schema0_0;',
        '}',
        '}',
      ].join('\n'),
    );
  });

  test('writes __proto__ keys as computed keys, so they stay own properties', () => {
    const out = run('const schema0 = {"const":{"__proto__":{"x":1}}};\nf(schema0.const);');
    assert.equal(out, 'const schema0_0 = {["__proto__"]:{"x":1}};\nf(schema0_0);');
  });

  test('steps past own JSON values stay property accesses on the constant', () => {
    const code =
      'const schema0 = {"properties":{"a":{"enum":[1]}}};\nf(schema0.properties.hasOwnProperty, schema0.properties.a.enum.length, schema0.missing, schema0);';
    assert.equal(
      run(code),
      'const schema0_0 = {"a":{"enum":[1]}};\nconst schema0_1 = [1];\nconst schema0_2 = {"properties":{"a":{"enum":[1]}}};\nf(schema0_0.hasOwnProperty, schema0_1.length, schema0_2.missing, schema0_2);',
    );
  });

  test('a reference to a schema it did not see declared leaves everything as it was', () => {
    assert.equal(run('const schema0 = {"properties":{}};\nf(schema1.x);'), undefined);
  });
});

describe('foldRequiredRuns', () => {
  const required = (data: string, name: string, path = 'instancePath', call = name) =>
    `if((${data}${/^[a-z]+$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`} === undefined) || (!(func0.call(${data}, ${JSON.stringify(call)})))){\n` +
    `vErrors = $addError(vErrors, ${path}, "required", {missingProperty: ${JSON.stringify(name)}}, "must have required property '"+${JSON.stringify(name)}+"'");\nerrors++;\n}\n`;
  const fold = (code: string) => {
    const masked = maskLiterals(code)!;
    return unmaskLiterals(foldRequiredRuns(masked.skeleton, masked.literals), masked.literals);
  };

  test('a run on one object becomes one loop over the names, dotted and bracketed alike', () => {
    const code = `x();\n${required('data', 'a')}${required('data', 'b-c')}${required('data', 'd')}y();`;
    assert.equal(
      fold(code),
      'x();\nfor(const $key of ["a","b-c","d"]){\n' +
        'if((data[$key] === undefined) || (!(func0.call(data, $key)))){\n' +
        `vErrors = $addError(vErrors, instancePath, "required", {missingProperty: $key}, "must have required property '"+$key+"'");\n` +
        'errors++;\n}\n}\ny();',
    );
  });

  test('a single block, or blocks on other objects or paths, stay as Ajv wrote them', () => {
    const single = required('data', 'a');
    assert.equal(fold(single), single);
    const objects = required('data', 'a') + required('data1', 'b', 'instancePath+"/x"');
    assert.equal(fold(objects), objects);
    const paths =
      required('data1', 'a', 'instancePath+"/x"') + required('data1', 'b', 'instancePath+"/y"');
    assert.equal(fold(paths), paths);
  });

  test('a block whose mentions of the name differ is not folded', () => {
    const code = required('data', 'a') + required('data', 'b', 'instancePath', 'c');
    assert.equal(fold(code), code);
  });

  test('server text shaped like a run is data and stays as it is', () => {
    const code = `if(data.k === ${JSON.stringify(required('data', 'a') + required('data', 'b'))}){\nreturn true;\n}`;
    assert.equal(fold(code), code);
  });
});

describe('foldTypeRuns', () => {
  const typed = (name: string, type: string, data = 'data', message = `must be ${type}`) => {
    const at = /^[a-z]+$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
    return (
      `if(${data}${at} !== undefined && func0.call(${data}, ${JSON.stringify(name)})){\n` +
      `if(typeof ${data}${at} !== ${JSON.stringify(type)}){\n` +
      `vErrors = $addError(vErrors, instancePath+${JSON.stringify(`/${name}`)}, "type", {type: ${JSON.stringify(type)}}, ${JSON.stringify(message)});\nerrors++;\n}\n}\n`
    );
  };
  const fold = (code: string) => {
    const masked = maskLiterals(code)!;
    return unmaskLiterals(foldTypeRuns(masked.skeleton, masked.literals), masked.literals);
  };

  test('a run on one object becomes one loop over a table of name, path, type and message', () => {
    assert.equal(
      fold(`${typed('a', 'string')}${typed('b-c', 'boolean')}x();`),
      'for(const [$key, $path, $type, $message] of [["a","/a","string","must be string"],["b-c","/b-c","boolean","must be boolean"]]){\n' +
        'if(data[$key] !== undefined && func0.call(data, $key) && typeof data[$key] !== $type){\n' +
        'vErrors = $addError(vErrors, instancePath+$path, "type", {type: $type}, $message);\n' +
        'errors++;\n}\n}\nx();',
    );
  });

  test('types typeof cannot tell, other objects, other messages and single blocks stay', () => {
    for (const code of [
      typed('a', 'string'),
      typed('a', 'number') + typed('b', 'number'),
      typed('a', 'string') + typed('b', 'string', 'data1'),
      typed('a', 'string') + typed('b', 'string', 'data', 'must be text'),
    ])
      assert.equal(fold(code), code);
  });
});
