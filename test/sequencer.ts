import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit files first, then the integration files (vitest.config.ts). Both projects run in one
 * group of two workers, so a worker that finishes the last unit file it was given starts on the
 * integration files at once, instead of waiting for the other worker's last unit file and for the
 * integration project's workers to start and import. Vitest's own order puts projects by name
 * ('integration' before 'unit'); within each project it is kept (files that failed last time,
 * then the longest, then the largest first).
 */
export default class UnitFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const unit = (spec: TestSpecification) => spec.project.name === 'unit';
    return [...sorted.filter(unit), ...sorted.filter((spec) => !unit(spec))];
  }
}
