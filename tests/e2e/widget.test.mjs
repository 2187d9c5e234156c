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

/** The host page as assistive technology gets it (Chromium's accessibility tree, the widget's
 * closed shadow root included: Playwright's locators do not enter a closed root). */
async function shown(cdp) {
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  const visible = nodes.filter((node) => !node.ignored);
  const find = (role, name) =>
    visible.filter(
      (node) =>
        node.role?.value === role &&
        (name === undefined || node.name?.value === name),
    );
  const focused = (node) =>
    (node.properties ?? []).some(
      (property) => property.name === "focused" && property.value.value,
    );
  return { find, focused };
}

/** Where a node of the accessibility tree is on the screen (its border box). */
async function boxOf(cdp, node) {
  const { model } = await cdp.send("DOM.getBoxModel", {
    backendNodeId: node.backendDOMNodeId,
  });
  const [left, top, , , right, bottom] = model.border;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A click where the user sees the node: the middle of its box. */
async function clickOn(p, cdp, node) {
  const box = await boxOf(cdp, node);
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
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

  test("button mode on the demo website: a labelled button and no frame until clicked, the page in a modal dialog that closes with × and with Escape, and a <noscript> link to the hosted page", async () => {
    const host = BASE_URL.replace("//127.0.0.1", "//localhost");
    const label = "Become a monthly friend"; // the demo page's title (functions/pages/demo.py)
    const p = await openPage();
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("DOM.enable");
    await cdp.send("Accessibility.enable");

    // GIVEN the charity's website with the button code, under its hostile CSS
    await p.goto(`${host}/fake-host/?mode=button`);
    await p.waitForFunction(() => customElements.get("almoner-donate"));
    let screen = await shown(cdp);
    const [button] = screen.find("button", label);
    assert.ok(
      button,
      "the host page shows the widget's button with the page's title",
    );
    const before = await boxOf(cdp, button);
    assert.ok(
      before.width > 40 && before.height > 20 && before.y < 900,
      `the button is on screen: ${JSON.stringify(before)}`,
    );
    assert.equal(p.frames().length, 1, "no frame before the click");
    assert.equal(screen.find("dialog").length, 0);
    // JavaScript runs: the <noscript> link is not shown
    assert.equal(await p.getByRole("link", { name: "Donate" }).count(), 0);

    // (Escape typed in the form reaches the frame, not the host: the page tells the widget)
    for (const closeWith of ["the × button", "Escape in the form", "Escape"]) {
      // WHEN the visitor clicks the button
      await clickOn(p, cdp, button);
      const frame = await widgetFrame(p);

      // THEN the page opens in a modal dialog over the host page, and its form can be used
      assert.match(
        frame.url(),
        /^http:\/\/127\.0\.0\.1:\d+\/api\/public\/pages\/[a-z0-9-]+\/monthly-friends\/frame$/,
      );
      await frame.getByRole("button", { name: /^Donate/ }).waitFor();
      if (closeWith !== "Escape") {
        await frame.getByLabel("First name").fill("Bea");
        assert.equal(await frame.getByLabel("First name").inputValue(), "Bea");
      }
      const box = await (await frame.frameElement()).boundingBox();
      assert.ok(
        box.width > 300 && box.height > 200,
        `the frame is shown: ${JSON.stringify(box)}`,
      );
      screen = await shown(cdp);
      assert.equal(screen.find("dialog").length, 1, "a dialog is open");
      assert.equal(
        screen.find("Iframe", label).length,
        1,
        "the frame is named after the page",
      );
      assert.equal(
        screen.find("heading", "Riverside's own website").length,
        0,
        "the host page is inert behind the modal dialog",
      );

      // WHEN it is closed with the × button, or with Escape
      const closed = p.waitForEvent("framedetached");
      if (closeWith.startsWith("Escape")) {
        await p.keyboard.press("Escape");
      } else {
        const [close] = screen.find("button", "Close");
        assert.ok(close, "the dialog has a close button");
        await clickOn(p, cdp, close);
      }
      await closed;

      // THEN the host page is back as before, with the focus on the button that opened it
      screen = await shown(cdp);
      assert.equal(screen.find("dialog").length, 0, `closed with ${closeWith}`);
      assert.equal(p.frames().length, 1, "the frame is gone");
      const [again] = screen.find("button", label);
      assert.ok(
        again && screen.focused(again),
        `the focus is back on the button (${closeWith})`,
      );
      assert.deepEqual(await boxOf(cdp, again), before);
      assert.equal(screen.find("heading", "Riverside's own website").length, 1);
      assert.equal(
        screen.find("StaticText", "Footer of the host page.").length,
        1,
      );
    }

    // AND without JavaScript the same code shows a link to the hosted page, which shows the page
    const noScript = await p
      .context()
      .browser()
      .newContext({ javaScriptEnabled: false });
    let href;
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${host}/fake-host/?mode=button`);
      const link = plain.getByRole("link", { name: "Donate" });
      href = await link.getAttribute("href");
      assert.match(
        href,
        /^http:\/\/127\.0\.0\.1:\d+\/p\/[a-z0-9-]+\/monthly-friends$/,
      );
      await link.click();
      await plain.waitForURL(href);
    } finally {
      await noScript.close();
    }
    const hosted = await openPage();
    await hosted.goto(href);
    await hosted.getByRole("button", { name: /^Donate/ }).waitFor();
  });
});
