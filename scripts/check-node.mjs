// Gona needs Node.js 22 or newer (24 LTS recommended). Say so in one line instead of a stack trace.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Gona needs Node.js 22 or newer (24 recommended); this is ${process.version}. ` +
      'Upgrade with "nvm install 24" (the repository has an .nvmrc) or "npm install -g node@24", then run the command again.',
  );
  process.exit(1);
}
