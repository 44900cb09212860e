-- Small shims over the Neovim APIs that changed between 0.7 and 0.11, so that the rest of the
-- plugin reads the same on every version it supports.
local M = {}

M.uv = vim.uv or vim.loop

--- True when Neovim is at least `version` ("0.8", "0.11"...).
function M.has(version)
  return vim.fn.has("nvim-" .. version) == 1
end

--- Sends a request through a client (`client:request` from 0.11 on, `client.request` before).
--- Returns the request id, or nil when the client has shut down.
function M.request(client, method, params, handler, bufnr)
  local ok, id
  if M.has("0.11") then
    ok, id = client:request(method, params, handler, bufnr)
  else
    ok, id = client.request(method, params, handler, bufnr)
  end
  if ok then
    return id
  end
  return nil
end

--- Sends `$/cancelRequest` for a request id.
function M.cancel_request(client, id)
  if M.has("0.11") then
    return client:cancel_request(id)
  end
  return client.cancel_request(id)
end

--- Sends a notification through a client.
function M.notify(client, method, params)
  if M.has("0.11") then
    return client:notify(method, params)
  end
  return client.notify(method, params)
end

--- Waits for the answer to a request; returns result, err (err is a table or a string).
function M.request_sync(client, method, params, timeout_ms, bufnr)
  local response, err
  if M.has("0.11") then
    response, err = client:request_sync(method, params, timeout_ms, bufnr)
  else
    response, err = client.request_sync(method, params, timeout_ms, bufnr)
  end
  if not response then
    return nil, err or "no answer"
  end
  if response.err then
    return nil, response.err
  end
  return response.result, nil
end

function M.stop_client(client, force)
  if M.has("0.11") then
    client:stop(force)
  else
    client.stop(force)
  end
end

function M.is_stopped(client)
  if M.has("0.11") then
    return client:is_stopped()
  end
  return client.is_stopped()
end

--- The clients named `name` attached to `bufnr` (any buffer when bufnr is nil).
function M.get_clients(name, bufnr)
  local found = {}
  local all = vim.lsp.get_clients and vim.lsp.get_clients() or vim.lsp.get_active_clients()
  for _, client in ipairs(all) do
    if client.name == name and (bufnr == nil or vim.lsp.buf_is_attached(bufnr, client.id)) then
      table.insert(found, client)
    end
  end
  return found
end

--- Byte column (0-based) of an LSP `character` offset in `line`, counted in `encoding` units.
function M.byte_col(line, character, encoding)
  if encoding == "utf-8" then
    return math.min(character, #line)
  end
  local units, i = 0, 1
  while i <= #line and units < character do
    local byte = line:byte(i)
    local length = byte < 0x80 and 1 or byte < 0xE0 and 2 or byte < 0xF0 and 3 or 4
    if encoding == "utf-16" and length == 4 then
      units = units + 2
    else
      units = units + 1
    end
    i = i + length
  end
  return i - 1
end

--- Runs `fn` once, `delay` ms after the last call of the returned function (a debounce), in the
--- main loop. The returned table has `call()`, `cancel()` and `close()`.
function M.debounce(delay, fn)
  local timer = M.uv.new_timer()
  local self = {}
  function self.call()
    timer:stop()
    timer:start(delay, 0, vim.schedule_wrap(fn))
  end
  function self.cancel()
    timer:stop()
  end
  function self.close()
    timer:stop()
    if not timer:is_closing() then
      timer:close()
    end
  end
  return self
end

--- The version of this Neovim as "0.7.2".
function M.nvim_version()
  local v = vim.version()
  return string.format("%d.%d.%d", v.major, v.minor, v.patch)
end

return M
