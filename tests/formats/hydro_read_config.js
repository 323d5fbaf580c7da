// Reads exported Hydro test data with Hydro's own code and prints what Hydro makes of it, as JSON.
//
//   node hydro_read_config.js NPM_DIR TESTDATA_DIR...
//
// NPM_DIR holds the published packages unpacked (hydrooj/, hydrooj-utils/) and node_modules with
// typescript and js-yaml. Hydro publishes TypeScript sources, which it runs through its own loader:
// each file is transpiled here and given exactly the modules it imports, so that no server, database
// or network is needed. The functions called are Hydro's:
//   hydrooj src/lib/testdataConfig.ts             parseConfig: the problem's limits and file I/O
//   @hydrooj/utils lib/cases.ts                   readYamlCases: config.yaml as the judge reads it
//   @hydrooj/utils lib/common.ts                  normalizeSubtasks: subtasks, cases, points, limits
// The published @hydrooj/utils of the newest hydrooj no longer holds lib/cases.ts, which hydrooj still
// imports: lib/cases.ts and lib/common.ts come from the newest @hydrooj/utils that has it.
'use strict';

const fs = require('fs');
const path = require('path');

const [npmDir, ...folders] = process.argv.slice(2);
const ts = require(path.join(npmDir, 'node_modules/typescript'));
const yaml = require(path.join(npmDir, 'node_modules/js-yaml'));

function load(file, modules) {
    const source = fs.readFileSync(file, 'utf8');
    const { outputText } = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
        fileName: file,
    });
    const module = { exports: {} };
    const required = (name) => {
        if (name in modules) return modules[name];
        throw new Error(`${file} imports ${name}, which this reader does not provide`);
    };
    new Function('require', 'module', 'exports', outputText)(required, module, module.exports);
    return module.exports;
}

const utilsDir = path.join(npmDir, 'hydrooj-utils/package/lib');
const common = load(path.join(utilsDir, 'common.ts'), {});
// cases.ts looks a checker without an extension up among hydrojudge's testlib checkers; an export
// names its checker file, so that lookup must not happen.
const findFileSync = (name) => {
    throw new Error(`Hydro would look the checker ${name} up among testlib's`);
};
const cases = load(path.join(utilsDir, 'cases.ts'), { './utils': { ...common, findFileSync } });
global.Hydro = { lib: {} };
const testdataConfig = load(path.join(npmDir, 'hydrooj/package/src/lib/testdataConfig.ts'), {
    'js-yaml': yaml,
    '@hydrooj/utils/lib/cases': cases,
    '../utils': common,
});

async function read(folder) {
    const text = fs.readFileSync(path.join(folder, 'config.yaml'), 'utf8');
    // As Hydro's judge does: every file the config names must be in the test data.
    const checkFile = (name, message) => {
        if (!fs.existsSync(path.join(folder, name))) throw new Error(message.replace('{0}', name));
        return name;
    };
    const problem = await testdataConfig.parseConfig(text);
    const judged = await cases.default(yaml.load(text), checkFile);
    const subtasks = common.normalizeSubtasks(judged.subtasks || [], checkFile, judged.time, judged.memory);
    return {
        folder,
        problem,
        checker_type: judged.checker_type,
        checker: judged.checker || null,
        filename: judged.filename || null,
        subtasks: subtasks.map((s) => ({
            id: s.id,
            type: s.type,
            score: s.score,
            time: s.time,
            memory: s.memory,
            cases: s.cases.map((c) => ({ input: c.input, output: c.output, score: c.score, time: c.time, memory: c.memory })),
        })),
    };
}

(async () => {
    const packageOf = (dir) => JSON.parse(fs.readFileSync(path.join(npmDir, dir, 'package/package.json'), 'utf8'));
    const read_configs = [];
    for (const folder of folders) read_configs.push(await read(folder));
    process.stdout.write(JSON.stringify({
        hydrooj: packageOf('hydrooj').version,
        hydrooj_utils: packageOf('hydrooj-utils').version,
        configs: read_configs,
    }, null, 1) + '\n');
})().catch((e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
});
