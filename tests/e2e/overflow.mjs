// What makes a page scroll sideways (the phone and tablet checks of issue 14 §3).

/**
 * Null when the page does not scroll sideways; else the page's width and the widest element that
 * sticks out on the right and is not inside a scroll container (the one that causes the scroll).
 */
export function pageOverflow(page) {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const width = document.documentElement.scrollWidth;
    if (width <= viewport) return null;
    // Clipped by a scroll container, or not in the page flow at all: a fixed element does not
    // scroll the page, and an absolute one escapes every scroller below its containing block.
    const clipped = (element) => {
      const own = getComputedStyle(element).position;
      if (own === "fixed") return true;
      let absolute = own === "absolute";
      for (
        let node = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const style = getComputedStyle(node);
        const positioned =
          style.position !== "static" || style.transform !== "none";
        if (!absolute || positioned) {
          if (style.position === "fixed") return true;
          if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX))
            return true;
        }
        if (positioned) absolute = style.position === "absolute";
      }
      return false;
    };
    const describe = (element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = [...element.classList].map((name) => `.${name}`).join("");
      const testId = element.dataset.testid
        ? `[data-testid=${element.dataset.testid}]`
        : "";
      const text = (element.textContent ?? "")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}${testId}> "${text}"`;
    };
    let widest = null;
    let widestRight = viewport;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= viewport + 0.5 || clipped(element))
        continue;
      // On a tie the deeper element wins: it is the one with the width, not its wrapper.
      if (box.right >= widestRight) {
        widest = element;
        widestRight = box.right;
      }
    }
    // Text that overflows its own box (a long unbroken word) widens the page without any
    // element reaching past the window: look at the text itself.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent.trim() || clipped(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width > 0 && box.right > widestRight) {
        widest = parent;
        widestRight = box.right;
      }
    }
    return {
      width,
      viewport,
      culprit: widest
        ? `${describe(widest)} reaching ${Math.round(widestRight)} px`
        : "none found",
    };
  });
}
