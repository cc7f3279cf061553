/**
 * `lint` on the project file: an environment that calls the legacy paths (no `apiVersion`, or
 * `legacy`) is warned about, with the dates the platform stops supporting them.
 */
import type { DiagnosticSink } from '../../core/source/diagnostics.js';
import { formatPath, locate, type PathSegment } from '../../core/source/locate.js';
import type { ParsedDocument } from '../../core/source/parse-yaml.js';
import { LEGACY_END, NEWEST_API_VERSION } from '../../wire/api-version.js';
import type { ProjectConfig } from './project/config.js';

export function lintApiVersions(config: ProjectConfig, document: ParsedDocument, sink: DiagnosticSink): void {
  for (const environment of config.environments.values()) {
    if ((environment.apiVersion ?? 'legacy') !== 'legacy') continue;
    const path: PathSegment[] =
      environment.apiVersion === undefined
        ? ['environments', environment.name]
        : ['environments', environment.name, 'apiVersion'];
    const how = environment.apiVersion === undefined ? 'has no apiVersion, so it calls' : 'calls';
    sink.at(locate(document, path), {
      code: 'LEGACY_API_VERSION',
      message:
        `environment '${environment.name}' ${how} the legacy paths: the platform stops supporting the v4 ` +
        `association paths on ${LEGACY_END.v4} and the v1-v3 paths in ${LEGACY_END.v3}`,
      hint: `set apiVersion: ${NEWEST_API_VERSION} on it, plan, and check the plan is empty before the next apply`,
      path: formatPath(path),
    });
  }
}
