// A round-robin TCP load balancer for bench/load_growth.py --instances 2 (issue 30, point 4):
// each client connection (an HTTP keep-alive connection or a WebSocket) goes to the next backend
// in turn, bytes piped both ways, as nginx's default round robin does over the deployment's
// replicas (deploy/nginx.conf), here at the granularity of a connection. WORKERS=N runs N
// processes sharing the port (Node's cluster hands them connections in turn), for when one
// process would need more descriptors than it may open (two per connection).
//   node bench/round_robin.js LISTEN_PORT BACKEND_PORT [BACKEND_PORT ...]
const cluster = require('cluster');
const net = require('net');
const [listen, ...backends] = process.argv.slice(2).map(Number);
const workers = +(process.env.WORKERS || 1);
if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); });
} else {
  let turn = cluster.isWorker ? cluster.worker.id : 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(backends[turn++ % backends.length], '127.0.0.1');
    client.setNoDelay(true); upstream.setNoDelay(true);
    client.pipe(upstream); upstream.pipe(client);
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('error', end); upstream.on('error', end);
    client.on('close', end); upstream.on('close', end);
  });
  server.listen({ port: listen, host: '127.0.0.1', backlog: 4096 });
  process.on('SIGTERM', () => process.exit(0));
}
