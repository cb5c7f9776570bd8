import { DefaultArtifactClient } from '@actions/artifact';
import * as core from '@actions/core';

/** Name of the artifact holding `report.json` and `report.html`. */
const ARTIFACT_NAME = 'chunkgate-report';

/** The part of `@actions/artifact`'s client we use (tests pass a double). */
export interface ArtifactUploader {
  uploadArtifact(name: string, files: string[], rootDirectory: string, options?: { retentionDays?: number }): Promise<{ id?: number }>;
}

/** An uploaded artifact: its name, id and, when the run is known, its download page. */
export interface UploadedArtifact {
  name: string;
  id: number;
  /** `<server>/<owner>/<repo>/actions/runs/<run id>/artifacts/<id>`, when `GITHUB_SERVER_URL`, `GITHUB_REPOSITORY` and `GITHUB_RUN_ID` are set. */
  url?: string;
}

/** Options of {@link uploadReportArtifact}. */
export interface UploadOptions {
  /** Absolute paths of the files to upload. */
  files: string[];
  /** Folder the paths inside the artifact are relative to. */
  rootDirectory: string;
  env: NodeJS.ProcessEnv;
  /** Artifact name (default: {@link ARTIFACT_NAME}). */
  name?: string;
  /** The uploader (default: `new DefaultArtifactClient()`). */
  client?: ArtifactUploader;
}

/**
 * Uploads the report files as one workflow artifact. Never throws: without
 * `ACTIONS_RUNTIME_TOKEN` (not a workflow run, e.g. tests, or a runner without artifact
 * storage) it skips with an info line; an upload error becomes a warning. Either way `null`,
 * and the files stay in the report folder.
 */
export async function uploadReportArtifact(options: UploadOptions): Promise<UploadedArtifact | null> {
  const { env } = options;
  const name = options.name ?? ARTIFACT_NAME;
  if (!env.ACTIONS_RUNTIME_TOKEN) {
    core.info(`chunkgate: no ACTIONS_RUNTIME_TOKEN, so the ${name} artifact is not uploaded; the files are in ${options.rootDirectory}`);
    return null;
  }
  try {
    const client = options.client ?? new DefaultArtifactClient();
    const { id } = await client.uploadArtifact(name, options.files, options.rootDirectory);
    if (id === undefined) {
      core.warning(`chunkgate: the ${name} artifact upload returned no id; the files are in ${options.rootDirectory}`);
      return null;
    }
    const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = env;
    const url = server && repository && runId ? `${server}/${repository}/actions/runs/${runId}/artifacts/${id}` : undefined;
    return { name, id, ...(url ? { url } : {}) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    core.warning(`chunkgate: could not upload the ${name} artifact (${message}); the files are in ${options.rootDirectory}`);
    return null;
  }
}
