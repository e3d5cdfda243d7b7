import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Fails the run when a project that was selected ran zero tests. A misconfigured glob (a known Storybook
 * + Vitest monorepo trap) otherwise shows a grey "0 tests" and exits 0, and CI would prove nothing.
 */
export default class RequireTestsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const vitest = this.vitest;
    if (!vitest || vitest.config.update || vitest.config.watch) return;
    // Only the whole-suite run of `pnpm test` is judged (it sets WX_REQUIRE_TESTS); a developer's run
    // filtered to some files may legitimately leave projects empty.
    if (process.env.WX_REQUIRE_TESTS !== '1' || vitest.config.testNamePattern) return;
    const counts = new Map<string, number>();
    for (const project of vitest.projects) counts.set(project.name, 0);
    for (const module of testModules) {
      const name = module.project.name;
      let n = 0;
      for (const test of module.children.allTests()) if (test.result().state !== 'skipped') n++;
      counts.set(name, (counts.get(name) ?? 0) + n);
    }
    const empty = [...counts].filter(([, n]) => n === 0).map(([name]) => name);
    if (empty.length > 0) {
      console.error(`\n✗ 这些测试项目一个测试也没有运行 (ran zero tests): ${empty.join(', ')}\n`);
      process.exitCode = 1;
    }
  }
}
