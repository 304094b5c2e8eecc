import { parseCsv as readCsv } from '@familyos/testing';
import { ApiClient, type ApiResponse } from '../support/api-client.js';
import { createFamily, createTask, type Family } from '../support/factories.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * DESIGN §5/§9 data export: GET /api/export/{points,tasks,reports}.csv for admins (and a superuser with a
 * family), RFC 4180 CSV, text cells safe to open in a spreadsheet, and the caller's family only.
 */

/** An RFC 4180 reader; every export ends its last record with CRLF. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return readCsv(text);
}

/** The CSV as objects keyed by its header line. */
function records(res: ApiResponse<string>): Record<string, string>[] {
  const [headers, ...rows] = parseCsv(res.body);
  return rows.map((r) => Object.fromEntries(headers!.map((h, i) => [h, r[i]!])));
}

const today = () => new Date().toISOString().slice(0, 10);

describe('CSV exports', () => {
  let server: TestServer;
  let root: ApiClient;
  let f: Family;
  let others: Family;
  const tricky = 'Helped Mum, said "thanks"\nand tidied up';

  beforeAll(async () => {
    server = await startTestServer({ env: { FAMILYOS_SUPERUSER: 'root:superpassword1' } });
    root = await new ApiClient(server.url).login('root', 'superpassword1');
    f = await createFamily(server.url);
    others = await createFamily(server.url, { familyName: 'The Others' });
    const [ada, ben] = f.kids;
    const give = async (family: Family, userId: string, amount: number, reason: string, approved = true) =>
      expect((await family.admin.client.post('/api/points', { userId, amount, reason, approved })).status).toBe(201);
    await give(f, ada.id, 10, 'Washed the dishes');
    await give(f, ada.id, 5, tricky);
    await give(f, ben.id, 7, '=HYPERLINK("http://evil.example","click")');
    await give(f, ben.id, -3, '-5 for shouting');
    await give(f, ben.id, 20, 'Maybe later', false);
    const task = await createTask(f, { child: ada, title: 'Dry the dishes, then sweep', pointsValue: 12, to: 'submitted' });
    expect((await f.manager.client.put(`/api/tasks/${task}`, { status: 'approved', score: 9 })).status).toBe(200);
    expect(
      (
        await f.admin.client.post('/api/tasks', {
          title: '@everyone: walk the dog',
          description: 'Both of you',
          pointsValue: 5,
          assignedTo: [ada.id, ben.id],
          dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        })
      ).status,
    ).toBe(201);
    expect((await ben.client.post('/api/tasks', { title: 'Made my bed', pointsValue: 3, requestType: 'already_did' })).status).toBe(201);
    expect((await f.admin.client.post('/api/reports/generate')).status).toBe(201);

    // The other family's rows, which must never show up.
    await give(others, others.kids[0].id, 11, 'Secret of the Others');
    await createTask(others, { child: others.kids[0], title: 'Task of the Others' });
    expect((await others.admin.client.post('/api/reports/generate')).status).toBe(201);
  });
  afterAll(() => server.close());

  const FILES = ['points', 'tasks', 'reports'] as const;

  it.each(FILES)('%s.csv: admin only (manager and child 403, family-less superuser 404, nobody 401)', async (file) => {
    const path = `/api/export/${file}.csv`;
    expect((await f.manager.client.get(path)).status).toBe(403);
    expect((await f.kids[0].client.get(path)).status).toBe(403);
    expect((await root.get(path)).status).toBe(404);
    expect((await f.anonymous.get(path)).status).toBe(401);
    const res = await f.admin.client.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="familyos-${file}-${today()}.csv"`);
    expect(typeof res.body).toBe('string');
    // The bytes start with UTF-8's byte order mark, so spreadsheet programs read names and emoji right.
    const raw = await fetch(server.url + path, { headers: { authorization: `Bearer ${f.admin.client.token}` } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('points.csv: every entry of the family, oldest first, with names, status and who gave it; awkward text survives', async () => {
    const res = await f.admin.client.get('/api/export/points.csv');
    expect(parseCsv(res.body)[0]).toEqual(['Date', 'Member', 'Amount', 'Reason', 'Status', 'Given by']);
    const rows = records(res);
    expect(rows.map((r) => [r.Member, r.Amount, r.Reason, r.Status, r['Given by']])).toEqual([
      ['Ada', '10', 'Washed the dishes', 'Approved', 'Pat Parent'],
      // A comma, quotes and a line break: quoted, and read back exactly.
      ['Ada', '5', tricky, 'Approved', 'Pat Parent'],
      // Text a spreadsheet would run as a formula gets a leading apostrophe; the amount -3 stays a number.
      ['Ben', '7', `'=HYPERLINK("http://evil.example","click")`, 'Approved', 'Pat Parent'],
      ['Ben', '-3', "'-5 for shouting", 'Approved', 'Pat Parent'],
      ['Ben', '20', 'Maybe later', 'Pending', 'Pat Parent'],
      ['Ada', '12', 'Completed task: Dry the dishes, then sweep', 'Approved', 'Casey Carer'],
    ]);
    for (const r of rows) expect(new Date(r.Date!).toISOString()).toBe(r.Date);
    expect(res.body).toContain('"Helped Mum, said ""thanks""\nand tidied up"');
    expect(res.body).not.toContain('Others');
  });

  it('tasks.csv: every task and child request with assignees by name, status, score and due date', async () => {
    const res = await f.admin.client.get('/api/export/tasks.csv');
    expect(parseCsv(res.body)[0]).toEqual(['Created', 'Title', 'Description', 'Assigned to', 'Points', 'Status', 'Score', 'Due date', 'Child request']);
    const rows = records(res);
    expect(rows.map((r) => [r.Title, r.Description, r['Assigned to'], r.Points, r.Status, r.Score, r['Child request']])).toEqual([
      ['Dry the dishes, then sweep', 'made by a test', 'Ada', '12', 'Approved', '9', 'No'],
      ["'@everyone: walk the dog", 'Both of you', 'Ada; Ben', '5', 'Pending', '', 'No'],
      ['Made my bed', '', 'Ben', '3', 'Pending', '', 'Yes'],
    ]);
    expect(rows[1]!['Due date']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(rows[0]!['Due date']).toBe('');
    expect(res.body).not.toContain('Others');
  });

  it("reports.csv: one line per report and child, with the week's numbers and rank", async () => {
    const res = await f.admin.client.get('/api/export/reports.csv');
    expect(parseCsv(res.body)[0]).toEqual([
      'Week start',
      'Week end',
      'Child',
      'Total points',
      'Chores',
      'School',
      'Behavior',
      'Tasks completed',
      'Average score',
      'Achievements',
      'Rank',
    ]);
    const [report] = (await f.admin.client.get('/api/reports')).body;
    const rows = records(res);
    expect(rows).toEqual([
      {
        'Week start': report.weekStartDate,
        'Week end': report.weekEndDate,
        Child: 'Ada',
        'Total points': '27',
        Chores: '22',
        School: '0',
        Behavior: '5',
        'Tasks completed': '1',
        'Average score': '9',
        Achievements: 'Star of the Week; Helping Hand',
        Rank: '1',
      },
      {
        'Week start': report.weekStartDate,
        'Week end': report.weekEndDate,
        Child: 'Ben',
        'Total points': '4',
        Chores: '0',
        School: '0',
        Behavior: '4',
        'Tasks completed': '0',
        'Average score': '',
        Achievements: '',
        Rank: '2',
      },
    ]);
    expect(res.body).not.toContain('Others');
  });

  it("the other family's admin gets only its own rows", async () => {
    const points = records(await others.admin.client.get('/api/export/points.csv'));
    expect(points.map((r) => r.Reason)).toEqual(['Secret of the Others']);
    const tasks = records(await others.admin.client.get('/api/export/tasks.csv'));
    expect(tasks.map((r) => r.Title)).toEqual([expect.stringMatching(/^Task of the Others/)]);
    const reports = records(await others.admin.client.get('/api/export/reports.csv'));
    expect(reports.map((r) => [r.Child, r['Total points']])).toEqual([
      ['Ada', '11'],
      ['Ben', '0'],
    ]);
  });
});
