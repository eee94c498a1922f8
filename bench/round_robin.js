// A TCP load balancer for bench/load_growth.py --instances 2 (issue 30, point 4): each client
// connection (an HTTP keep-alive connection or a WebSocket) goes to the next backend in turn,
// bytes piped both ways, as nginx's default round robin does over the deployment's replicas
// (deploy/nginx.conf), here at the granularity of a connection. STICKY=1 sends a game's
// sockets (`GET /ws/games/<id>`) to the backend its id hashes to, so both seats of a game meet
// on one instance (what nginx's `hash ... consistent` on the game id would do); other
// connections still take turns. WORKERS=N runs N processes sharing the port (Node's cluster
// hands them connections in turn), for when one process would need more descriptors than it
// may open (two per connection).
//   node bench/round_robin.js LISTEN_PORT BACKEND_PORT [BACKEND_PORT ...]
const cluster = require('cluster');
const net = require('net');
const [listen, ...backends] = process.argv.slice(2).map(Number);
const workers = +(process.env.WORKERS || 1), sticky = process.env.STICKY === '1';
function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); });
} else {
  let turn = cluster.isWorker ? cluster.worker.id : 0;
  const pipe = (client, backend, head) => {
    const upstream = net.connect(backend, '127.0.0.1');
    client.setNoDelay(true); upstream.setNoDelay(true);
    if (head) upstream.write(head);
    client.pipe(upstream); upstream.pipe(client);
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('error', end); upstream.on('error', end);
    client.on('close', end); upstream.on('close', end);
  };
  const server = net.createServer((client) => {
    if (!sticky) { pipe(client, backends[turn++ % backends.length]); return; }
    client.once('data', (head) => {
      client.pause();
      const game = /^GET \/ws\/games\/([^/?\s]+)/.exec(head.toString('latin1', 0, 200));
      const backend = game ? backends[hash(game[1]) % backends.length] : backends[turn++ % backends.length];
      pipe(client, backend, head);
      client.resume();
    });
    client.on('error', () => client.destroy());
  });
  server.listen({ port: listen, host: '127.0.0.1', backlog: 4096 });
  process.on('SIGTERM', () => process.exit(0));
}
