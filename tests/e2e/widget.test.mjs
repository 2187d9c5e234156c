import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { after, describe, test } from "node:test";
import {
  BASE_URL,
  connectFakeStripe,
  pageApi,
  pagesForThisFile,
  registerCharity,
} from "./helpers.mjs";

const openPage = pagesForThisFile();

// A charity's website that does its worst to anything it embeds.
const HOSTILE_CSS = `
  * { all: unset !important; }
  body { display: block !important; }
  iframe { height: 10px !important; display: none !important; }
  almoner-donate { font-size: 40px !important; color: red !important; }
  dialog, button { display: none !important; }
`;

/** Another website: a tiny server on 127.0.0.1 (the stack is another origin: another port). */
async function hostSite(embedCode) {
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Hope's own website</title><style>${HOSTILE_CSS}</style></head>
<body><h1>Hope's own website</h1>${embedCode}<p>Footer</p></body></html>`);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

/** The widget's frame once its document has started (the shadow root is closed: by URL). */
async function widgetFrame(p) {
  for (;;) {
    const frame = p
      .frames()
      .find((f) => f !== p.mainFrame() && f.url().endsWith("/frame"));
    if (frame) return frame;
    await p.waitForEvent("framenavigated");
  }
}

describe(`The donation widget from ${BASE_URL} on another website`, () => {
  test("an allowed website shows the page at its own height under hostile CSS, and the gift goes through the checkout at top level; a website not on the list gets no page", async () => {
    const charity = `Widget Trust ${randomUUID().slice(0, 6)}`;
    const { page } = await registerCharity(openPage, {
      name: charity,
      emailPrefix: "e2e-widget",
    });
    await connectFakeStripe(page, charity);
    const created = await pageApi(page, "POST", "/api/pages", {
      title: "Winter Warmth",
      type: "donation",
      template: "appeal",
    });
    const published = await pageApi(
      page,
      "POST",
      `/api/pages/${created.id}/publish`,
      {
        version: created.version,
      },
    );

    // GIVEN the embed code from Website Integration, on two websites, one of them allowed there
    await page.goto("/billings/accounts");
    const widget = page.getByTestId("widget");
    const code = await widget
      .getByLabel("Embed code for “Winter Warmth”", { exact: true })
      .inputValue();
    assert.match(
      code,
      /<almoner-donate page="[a-z0-9-]+\/winter-warmth" mode="inline">/,
    );
    assert.match(
      code,
      /<noscript><a href="[^"]+\/p\/[a-z0-9-]+\/winter-warmth">/,
    );
    const allowed = await hostSite(code);
    const refused = await hostSite(code);
    await widget.getByRole("button", { name: "Edit websites" }).click();
    await widget
      .getByLabel("Websites allowed to show the widget")
      .fill(allowed);
    await widget.getByRole("button", { name: "Save" }).click();
    await widget
      .getByTestId("widget-origins")
      .filter({ hasText: allowed })
      .waitFor();

    // WHEN a donor opens the allowed website
    const donor = await openPage();
    await donor.goto(allowed);
    const frame = await widgetFrame(donor);
    const donate = frame.getByRole("button", { name: /^Donate/ });
    await donate.waitFor();

    // THEN the frame shows, despite the host's CSS, and takes the page's height without scrolling
    // (the frame's viewport is the iframe: it matches the page's height once the message came)
    await frame.waitForFunction(() => {
      const content = Math.ceil(document.body.getBoundingClientRect().height);
      return (
        Math.abs(window.innerHeight - Math.min(6000, Math.max(200, content))) <=
        1
      );
    });
    const box = await (await frame.frameElement()).boundingBox();
    assert.notEqual(
      box.height,
      600,
      "the frame left its first height for the page's",
    );
    assert.ok(
      box.height > 200 && box.width > 200,
      `the frame is shown: ${JSON.stringify(box)}`,
    );
    const scrolls = await frame.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight + 1,
    );
    assert.equal(scrolls, false, "the page does not scroll inside its frame");

    // AND a gift goes from the frame to the fake Stripe checkout in the top window
    const last = `Widget${randomUUID().slice(0, 6)}`;
    await frame.getByRole("radio", { name: /£10/ }).first().check();
    await frame.getByLabel("First name").fill("Wanda");
    await frame.getByLabel("Last name").fill(last);
    await frame
      .getByLabel("Email address")
      .fill(`wanda-${last.toLowerCase()}@example.org`);
    await donate.click();
    await donor.waitForURL(/\/fake-stripe\/checkout\//);
    await donor.getByRole("button", { name: "Pay", exact: true }).click();
    await donor.waitForURL(/\/thanks\?/);
    await donor
      .getByText("Thank you, Wanda! Your donation of £10.00 has been received.")
      .waitFor();

    // AND on a website that is not on the list, Chromium refuses the frame: no page in it
    const other = await openPage();
    const refusal = other.waitForEvent("console", (message) =>
      /frame-ancestors/.test(message.text()),
    );
    await other.goto(refused);
    await refusal;
    for (const child of other.frames().filter((f) => f !== other.mainFrame())) {
      const text = await child
        .evaluate(() => document.body?.innerText ?? "")
        .catch(() => "");
      assert.doesNotMatch(text, /Donate|Winter Warmth/);
    }

    // AND once the page is unpublished, the allowed website's widget says the appeal is closed
    await pageApi(page, "POST", `/api/pages/${created.id}/unpublish`, {
      version: published.version,
    });
    const closed = await openPage();
    await closed.goto(allowed);
    await (
      await widgetFrame(closed)
    )
      .getByRole("heading", { name: "This appeal is closed." })
      .waitFor();
  });

  test("the local stack's demo website (/fake-host/) shows the demo charity's monthly-friends page", async () => {
    // The app is at 127.0.0.1; the demo website is at localhost: another origin, on the demo's list.
    const host = BASE_URL.replace("//127.0.0.1", "//localhost");
    assert.notEqual(host, BASE_URL);
    const p = await openPage();
    await p.goto(`${host}/fake-host/`);
    await p.getByRole("heading", { name: "Riverside's own website" }).waitFor();
    const frame = await widgetFrame(p);
    assert.match(
      frame.url(),
      /^http:\/\/127\.0\.0\.1:\d+\/api\/public\/pages\/[a-z0-9-]+\/monthly-friends\/frame$/,
    );
    await frame.getByRole("button", { name: /^Donate/ }).waitFor();
  });
});
