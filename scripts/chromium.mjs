// How the browser tests and the benchmark start Chromium: Debian's build (never a downloaded
// browser), headless, with nothing of its own on the network and no first-run work.
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
