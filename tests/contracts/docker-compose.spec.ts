import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { SERVICES } from '@mnemo/platform-service';

const root = path.join(__dirname, '../..');
const compose = (...args: string[]) =>
  execFileSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('docker-compose.yml', () => {
  it('is valid for docker-compose (validated without an engine)', () => {
    // Debian's docker-compose validates the file without a Docker engine; .ci/run installs it.
    expect(() => compose('config', '-q')).not.toThrow();
  });

  it('runs every Mnemo service, next to NATS, PostgreSQL and Redis', () => {
    const services = compose('config', '--services').trim().split('\n');
    expect(services).toEqual(
      expect.arrayContaining(['nats', 'postgres', 'redis', ...SERVICES.map((s) => s.name)]),
    );
  });

  it('offers a three-node JetStream cluster as the cluster profile, every node routing to all three', () => {
    const services = compose('--profile', 'cluster', 'config', '--services').trim().split('\n');
    const nodes = ['nats-1', 'nats-2', 'nats-3'];
    expect(services).toEqual(expect.arrayContaining(nodes));
    const text = compose('--profile', 'cluster', 'config');
    for (const node of nodes) {
      const block = text.slice(text.indexOf(`  ${node}:\n`)).split(/\n {2}[a-z]/)[0];
      expect(block).toContain(`- ${node}\n`); // its server_name
      expect(block).toContain('- nats://nats-1:6222,nats://nats-2:6222,nats://nats-3:6222');
      expect(block).toContain(`${node}-data:/data`);
      expect(block).toContain('- cluster'); // only with --profile cluster
    }
  });
});
