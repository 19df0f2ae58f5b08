import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/config.js';
import { ObservedRobot } from '../helpers/observed.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Debian's chromium; a machine without it skips (never a browser download).
const noChromium = !existsSync(CHROMIUM) && !process.env.CI;

/** Debian's chromium, headless, with nothing that reaches beyond this machine. */
const launchChromium = () =>
  puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: tempDir('nadine-chromium-'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });

let robot: ObservedRobot | null = null;
let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  await robot?.stop();
  browser = robot = null;
});

describe.skipIf(noChromium)('the dashboard in headless Chromium', () => {
  it('shows the utterance, the reply, the waterfall and a model call, with no console errors', async () => {
    robot = await ObservedRobot.start({ structured: '{}', text: 'The sky is clear today.' });
    const say = (text: string) => robot!.say(text);
    // One turn before the page opens (read back from the interaction log), one while it is open (live).
    await say('Good morning!');

    browser = await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (err) => errors.push((err as Error).message));
    page.on('requestfailed', (r) => {
      if (!r.url().endsWith('/events')) errors.push(`${r.url()}: ${r.failure()?.errorText}`);
    });
    // Conditions run in the page (as source text: this file is compiled without the DOM's types).
    const until = (condition: string) => page.waitForFunction(condition);
    await page.setViewport({ width: 1280, height: 860 });
    await page.goto(`${robot.url}/`);
    await until(`document.getElementById('stream')?.textContent === 'live'`);
    await until(`document.querySelector('#turns .said')?.textContent === 'Good morning!'`);
    // Who is in front, as perception reports it.
    await robot.probe.publish('nadine/graph/user_detected', JSON.stringify({ user_name: 'Maria', user_id: 'maria-1', confidence: 93 }));
    await until(`document.getElementById('presence')?.textContent === 'In front: Maria (maria-1), 93%'`);

    await say('What is the weather like?');
    const newest = '#turns li:first-child';
    await until(`document.querySelector('${newest} .said')?.textContent === 'What is the weather like?'`);
    await until(`document.querySelector('${newest} .reply')?.textContent === 'The sky is clear today.'`);
    // The waterfall: the agents of the turn, then its model calls from the log.
    await until(`document.querySelectorAll('${newest} .bar.agent').length > 3 && document.querySelector('${newest} .bar.call') !== null`);
    const agents = await page.$$eval(`${newest} .row .label`, (labels) => labels.map((l) => l.textContent));
    expect(agents).toEqual(expect.arrayContaining(['intent', 'response', 'response · qwen2.5:7b']));
    expect(await page.$eval(`${newest} .meta`, (m) => m.textContent)).toMatch(/intent [a-z_]+ \(.*\) · language en/);

    // A model call opens with its prompt and raw output.
    // (The reply's call, not the appraisal that runs after it.)
    const responseCall = await page.evaluateHandle(
      `[...document.querySelectorAll('${newest} .row')].find((row) => row.querySelector('.label')?.textContent?.startsWith('response ·'))?.querySelector('.bar.call')`,
    );
    await (responseCall.asElement() as import('puppeteer-core').ElementHandle).click();
    await until(`document.getElementById('call').open`);
    const prompt = await page.$eval('#call-messages', (m) => m.textContent);
    expect(prompt).toContain('What is the weather like?');
    expect(await page.$eval('#call-output', (o) => o.textContent)).toBe('The sky is clear today.');

    // The mood plot (uPlot draws on a canvas) and every component's health.
    expect(errors).toEqual([]);
    expect(await page.$('#mood canvas')).not.toBeNull();
    expect(await page.$$eval('#emotion-plot .u-legend .u-series th', (labels) => labels.map((l) => l.textContent))).toContain('joy');
    const components = await page.$$eval('#health tr td:first-child', (cells) => cells.map((c) => c.textContent));
    expect(components).toEqual(expect.arrayContaining(['mqtt', 'llm', 'affect']));

    if (process.env.DASHBOARD_SCREENSHOT) {
      await page.keyboard.press('Escape');
      await page.screenshot({ path: process.env.DASHBOARD_SCREENSHOT, type: 'png' });
    }
    expect(errors).toEqual([]);
  });

  it('shows an alert as a banner until its button acknowledges it; the robot then says someone is coming', { timeout: 120_000 }, async () => {
    robot = await ObservedRobot.start({ structured: '{}', text: 'Hello.' });
    browser = await launchChromium();
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push((err as Error).message));
    const until = (condition: string) => page.waitForFunction(condition);
    await page.goto(`${robot.url}/`);
    await until(`document.getElementById('stream')?.textContent === 'live'`);

    // The body: every sentence is spoken at once (end_speak), so the next one follows.
    robot.probe.client.on('message', (topic) => {
      if (topic === 'nadine/agent/control/speak') void robot?.probe.publish('nadine/agent/feedback/end_speak', '');
    });
    await robot.probe.publish('nadine/graph/user_detected', JSON.stringify({ user_name: 'Maria', user_id: 'maria-1', confidence: 93 }));
    const turn = await robot.say('I think I am having a heart attack');
    expect(turn.alert?.kind).toBe('emergency');
    const published = JSON.parse((await robot.probe.next('nadine/agent/state/alert')).text);
    expect(published).toMatchObject({ kind: 'emergency', severity: 'critical', user_id: 'maria-1', text: 'I think I am having a heart attack' });
    await until(`document.querySelector('#alerts .alert')?.dataset.alertId === ${JSON.stringify(published.alert_id)}`);
    expect(await page.$eval('#alerts .alert strong', (s) => s.textContent)).toBe('emergency (critical)');

    await page.click('#alerts .alert .ack');
    await until(`document.querySelector('#alerts .alert') === null`);
    // Every other staff console hears of it; the robot tells the visitor.
    const ack = JSON.parse((await robot.probe.next('nadine/agent/admin/alert_ack')).text);
    expect(ack).toEqual({ alert_id: published.alert_id, by: 'dashboard' });
    await robot.probe.next('nadine/agent/control/speak', (m) => m.text.startsWith('Someone from the staff is on their way'));
    const { alerts } = (await (await fetch(`${robot.url}/api/alerts`)).json()) as { alerts: { alert_id: string; acknowledged_by: string | null }[] };
    expect(alerts.find((a) => a.alert_id === published.alert_id)?.acknowledged_by).toBe('dashboard');
    expect(errors).toEqual([]);
  });
});
