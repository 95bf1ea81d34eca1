import { userInfo } from 'node:os';
import { projectIdentity } from '@mnemo/mnemo-client';

/** Who ran the transcripts a reader sends, and the project of a session's working directory. */
export interface SessionIdentity {
  developer?: string;
  projectOf(cwd: string | undefined): Promise<string | undefined>;
}

function osUser(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    // no passwd entry for this uid (some containers): no developer rather than a failed run
    return undefined;
  }
}

/**
 * The identity the transcript loop, `mnemo ingest transcripts` and the Claude Code hooks all stamp on
 * SessionStarted: the developer from MNEMO_DEVELOPER, else the OS user; the project from MNEMO_PROJECT,
 * else the git root of the session's cwd, shared by its worktrees (projectIdentity, the function the
 * hooks scope their context with, so a session's project is the one its hooks ask for). One git
 * lookup per directory per reader.
 */
export function sessionIdentity(settings: {
  developer?: string;
  project?: string;
}): SessionIdentity {
  const developer = settings.developer?.trim() || osUser();
  const override = settings.project?.trim();
  const projects = new Map<string, Promise<string>>();
  return {
    ...(developer ? { developer: developer.slice(0, 200) } : {}),
    projectOf(cwd) {
      if (override) return Promise.resolve(override);
      if (!cwd) return Promise.resolve(undefined);
      let project = projects.get(cwd);
      if (!project) {
        project = projectIdentity(cwd, {}).then((identity) => identity.project);
        projects.set(cwd, project);
      }
      return project;
    },
  };
}
