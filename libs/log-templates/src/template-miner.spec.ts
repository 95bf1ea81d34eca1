import { TemplateMiner } from './template-miner';

const lines = [
  'PacketResponder 1 for block blk_38865049064139660 terminating',
  'Receiving block blk_-1608999687919862906 src: /10.250.19.102:54106 dest: /10.250.19.102:50010',
  'PacketResponder 0 for block blk_-6952295868487656571 terminating',
  'Receiving block blk_8229193803249955061 src: /10.250.11.53:33413 dest: /10.250.11.53:50010',
  'session opened for user alice by (uid=0)',
  'session closed for user alice',
  'session opened for user bob by (uid=0)',
];

describe('TemplateMiner', () => {
  it('folds the lines of one template together and masks what varies', () => {
    const miner = new TemplateMiner();
    const ids = lines.map((line) => miner.add(line).template.id);
    expect(ids[0]).toBe(ids[2]);
    expect(ids[1]).toBe(ids[3]);
    expect(ids[4]).toBe(ids[6]);
    expect(new Set(ids).size).toBe(4);
    expect(miner.get(ids[0] ?? '')?.text).toBe('PacketResponder <*> for block blk_<*> terminating');
    expect(miner.get(ids[1] ?? '')?.text).toBe(
      'Receiving block blk_<*> src: /<*>:<*> dest: /<*>:<*>',
    );
    expect(miner.get(ids[4] ?? '')?.text).toBe('session opened for user <*> by (uid=<*>)');
    expect(miner.get(ids[0] ?? '')?.count).toBe(2);
  });

  it('keeps apart short lines that differ in a word: a word is seldom what a template varies', () => {
    const miner = new TemplateMiner();
    const finished = miner.add('Backup of volume finished').template.id;
    const failed = miner.add('Backup of volume failed').template.id;
    expect(finished).not.toBe(failed);
  });

  it('keeps the spacing of the message in the template', () => {
    const miner = new TemplateMiner();
    miner.add('wait  (command 2011)');
    expect(miner.add('wait  (command 2012)').template.text).toBe('wait  (command <*>)');
  });

  it('gives a template the id it was first given, however its wildcards grow', () => {
    const miner = new TemplateMiner();
    const first = miner.add('wrote /var/cache/index.db in 3 s');
    const second = miner.add('wrote /tmp/spool.log in 4 s');
    expect(second.template.id).toBe(first.template.id);
    expect(second.changed).toBe(true);
    expect(second.template.text).toBe('wrote <*> in <*> s');
  });

  it('gives the same ids when the same lines are read again (a replay)', () => {
    const once = new TemplateMiner();
    const again = new TemplateMiner();
    expect(lines.map((line) => again.add(line).template.id)).toEqual(
      lines.map((line) => once.add(line).template.id),
    );
  });

  it('continues from saved state with the same ids and counts (a restart)', () => {
    const before = new TemplateMiner();
    lines.slice(0, 4).forEach((line) => before.add(line));
    const after = new TemplateMiner({}, before.state());
    const resumed = lines.slice(4).map((line) => after.add(line).template.id);
    const straight = new TemplateMiner();
    const all = lines.map((line) => straight.add(line).template.id);
    expect(resumed).toEqual(all.slice(4));
    expect(after.add(lines[0] ?? '').template).toMatchObject({ id: all[0], count: 3 });
  });

  it('matches without counting', () => {
    const miner = new TemplateMiner();
    const { template } = miner.add('disk sda1 is 91% full');
    expect(miner.match('disk sdb2 is 97% full')?.id).toBe(template.id);
    expect(template.count).toBe(1);
    expect(miner.match('completely different words here')).toBeUndefined();
  });
});
