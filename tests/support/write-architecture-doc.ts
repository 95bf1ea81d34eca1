import { writeArchitectureDoc } from './architecture-doc';

writeArchitectureDoc().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
