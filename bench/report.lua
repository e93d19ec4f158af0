-- wrk script for bench/run.py: prints one machine-readable JSON line at the end.
-- WRK_METHOD and WRK_BODY_FILE (optional) let later cases send POST bodies
-- without a Lua script of their own; headers come from wrk's -H flags.

local method = os.getenv("WRK_METHOD")
if method and method ~= "" then
  wrk.method = method
end

local body_file = os.getenv("WRK_BODY_FILE")
if body_file and body_file ~= "" then
  local f = assert(io.open(body_file, "rb"))
  wrk.body = f:read("*a")
  f:close()
end

done = function(summary, latency, requests)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"seconds":%.3f,"rps":%.2f,' ..
    '"p50_us":%d,"p95_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"connect_errors":%d,"read_errors":%d,"write_errors":%d,"timeouts":%d,"non_2xx_3xx":%d}\n',
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status))
end
