/** Entry of the bundled server (dist/server.js): `node server.js --stdio`, as the client starts it. */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../../../src/lsp/server.js';

console.log = console.info = (...args: unknown[]) => process.stderr.write(args.map(String).join(' ') + '\n');
startServer(createConnection(ProposedFeatures.all));
