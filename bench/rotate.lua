-- wrk script: rotate over the request paths listed (one a line) in the file named by
-- WRK_PATHS, ask for gzip like a browser, and print the figures as one JSON line.
--   WRK_PATHS=paths.txt wrk -t2 -c16 -d10s -s bench/rotate.lua http://127.0.0.1:8000
local paths = {}
for line in io.lines(os.getenv("WRK_PATHS")) do
  if line ~= "" then paths[#paths + 1] = line end
end
local threads = {}
local counter = 0

function setup(thread)
  thread:set("offset", #threads * 7919)
  table.insert(threads, thread)
end

function init(args)
  counter = tonumber(offset) or 0
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], { ["Accept-Encoding"] = "gzip" })
end

function done(summary, latency, requests)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "rps": %.1f, "bytes": %d, ' ..
    '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, ' ..
    '"p50_ms": %.3f, "p95_ms": %.3f, "p99_ms": %.3f, "max_ms": %.3f, "mean_ms": %.3f, "paths": %d}\n',
    summary.requests, seconds, summary.requests / seconds, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, latency.mean / 1000, #paths))
end
