// The manifest a published package ships: its users install it, they never build or test it, so the
// scripts and the dev dependencies stay here (pnpm runs this hook on `pnpm pack` and `pnpm publish`).
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.scripts;
      delete pkg.devDependencies;
      return pkg;
    },
  },
};
