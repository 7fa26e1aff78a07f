-- The requests wrk sends for bench:http (bench/http-wrk.ts runs it, one thread). Told by the environment:
--   BENCH_LINES  a file, one request a line: "COOKIE" for a signed-in GET, "COOKIE NUMBER ADDRESS" for a submission,
--                "/PATH" for a GET of that path as a browser asks it (brotli accepted) (absent: the URL's plain GET,
--                built once by wrk itself);
--   BENCH_PATH, BENCH_ORIGIN  the submission's path and Origin;
--   BENCH_RATE   requests a second to pace the load at, across all connections (absent: as fast as answers come).
-- At the end it prints one line, "wrk-result " and JSON: what was sent, the latency histogram, the statuses
-- seen, and the numbers answered 201 (they name the player: each line's number is its own).
local lines_file = os.getenv("BENCH_LINES")
local path = os.getenv("BENCH_PATH")
local origin = os.getenv("BENCH_ORIGIN")
local rate = tonumber(os.getenv("BENCH_RATE") or "")

sent = 0
statuses = {}
accepted = {}

-- In init: wrk.format needs the Host header, which wrk sets just before it calls init.
function init()
  if not lines_file then return end
  local prepared = {}
  local submitting = false
  for line in io.lines(lines_file) do
    local cookie, number, address = line:match("^(%S+) (%d+) (%S+)$")
    if cookie then
      submitting = true
      prepared[#prepared + 1] = wrk.format("POST", path, {
        ["Cookie"] = cookie, ["Origin"] = origin, ["Content-Type"] = "application/json", ["X-Forwarded-For"] = address,
      }, '{"number":' .. number .. '}')
    elseif line:sub(1, 1) == "/" then
      prepared[#prepared + 1] = wrk.format("GET", line, { ["Accept-Encoding"] = "br, gzip" })
    else
      prepared[#prepared + 1] = wrk.format("GET", path, { ["Cookie"] = line })
    end
  end
  local count = #prepared
  if submitting then
    -- Each submission once: past the last line the last one repeats, and the run reports it ran out.
    request = function()
      sent = sent + 1
      return prepared[math.min(sent, count)]
    end
  else
    request = function()
      sent = sent + 1
      return prepared[(sent - 1) % count + 1]
    end
  end
end

-- wrk asks whether a script has request and response before init runs: both exist when there are lines, and
-- init replaces the placeholder request.
if lines_file then
  function request()
    return wrk.format()
  end
  function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
    if status == 201 then accepted[#accepted + 1] = body:match('"number":(%d+)') end
  end
end

-- Paced: each request takes the next free slot of a schedule at `rate`, whichever connection is free to send it, so
-- the offered load holds its pace while the server keeps up; wrk times a request from its send, after the wait.
if rate then
  local ffi = require("ffi")
  ffi.cdef([[
    typedef struct { long tv_sec; long tv_nsec; } lowest_timespec;
    int clock_gettime(int clock, lowest_timespec *now);
  ]])
  local CLOCK_MONOTONIC = 1
  local now = ffi.new("lowest_timespec")
  local function now_ms()
    ffi.C.clock_gettime(CLOCK_MONOTONIC, now)
    return tonumber(now.tv_sec) * 1000 + tonumber(now.tv_nsec) / 1e6
  end
  local gap = 1000 / rate
  local slot = nil
  function delay()
    local at = now_ms()
    -- A slot missed while every connection waited is not made up for in a burst.
    slot = math.max(slot or at, at - gap) + gap
    return math.max(0, math.floor(slot - at))
  end
end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency)
  local thread = threads[1]
  local histogram = {}
  for i = 1, #latency do
    local us, count = latency(i)
    histogram[#histogram + 1] = string.format("[%d,%d]", us, count)
  end
  local seen = {}
  for status, count in pairs(thread:get("statuses")) do seen[#seen + 1] = string.format('"%d":%d', status, count) end
  local errors = summary.errors
  io.write(string.format(
    'wrk-result {"requests":%d,"durationUs":%d,"sent":%d,"socketErrors":%d,"statusErrors":%d,' ..
      '"latencyUs":[%s],"statuses":{%s},"accepted":[%s]}\n',
    summary.requests, summary.duration, thread:get("sent"), errors.connect + errors.read + errors.write + errors.timeout,
    errors.status, table.concat(histogram, ","), table.concat(seen, ","), table.concat(thread:get("accepted"), ",")))
end
