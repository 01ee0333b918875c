# frozen_string_literal: true

# uridiff worker (protocol uridiff-worker/1, workers/README.md): Ruby's URI library.
# Run with `ruby workers/ruby-uri.rb`.
#
# parse = URI.parse (Ruby's RFC 3986 parser, then the scheme's class, which checks more: a
# mailto URI with a bad opaque part raises), resolve = URI.join(base, input). Components are
# the object's readers: scheme, userinfo, host (IPv6 with its brackets), port (the scheme's
# default port is filled in by URI::HTTP and friends when none is given: reported as the
# library gives it), path, query, fragment; nil (undefined) is kept apart from "" (empty). An
# opaque URI ("urn:x", "mailto:a@b?x") keeps what follows its scheme in `opaque` and its `path`
# is nil (URI::Generic holds a path or an opaque part, never both: its `opaque=` refuses one
# beside a path). The path is reported as that nil, never made up from `opaque`; for a mailto
# URI the query stays inside the opaque part too, so `query` is nil as well. URI has no
# authority reader. Ruby strings hold any bytes: a non-UTF-8 input reaches URI.parse as a
# binary string.
require 'base64'
require 'json'
# Ruby's line coverage of the library, set up before it loads (sdk/uridiff_coverage.rb).
require_relative 'sdk/uridiff_coverage'
# The protocol's lines, read and written (sdk/uridiff_lines.rb).
require_relative 'sdk/uridiff_lines'
UridiffCoverage.setup
require 'uri'
UridiffCoverage.watch(UridiffCoverage.files_of('uri'))

OPAQUE_NOTE = 'an opaque URI has no path (URI#path is nil; its part is URI#opaque)'

# A request uridiff should never send: answered with outcome "error".
class BadRequest < StandardError; end

def take_bytes(request, name)
  raise BadRequest, "missing field \"#{name}\"" unless request.key?(name)

  value = request[name]
  return value if value.is_a?(String)
  if value.is_a?(Hash) && value['b64'].is_a?(String)
    begin
      return Base64.strict_decode64(value['b64'])
    rescue ArgumentError
      raise BadRequest, "field \"#{name}\": bad base64"
    end
  end
  raise BadRequest, "field \"#{name}\": a byte string is a string or {\"b64\": ...}"
end

# Library text to a protocol byte string.
def give(value)
  return nil if value.nil?

  text = value.to_s
  # A UTF-8 string the library gave is taken as it is (a copy only to relabel another encoding).
  return text if text.encoding == Encoding::UTF_8 && text.valid_encoding?

  text = text.dup.force_encoding(Encoding::UTF_8)
  return text if text.valid_encoding?

  { 'b64' => Base64.strict_encode64(value.to_s) }
end

# The library refused the input: library() raises it for an exception of the library's call.
class Rejected < StandardError
  attr_reader :code

  def initialize(error)
    super(error.message)
    @code = error.class.name
  end
end

# Marks the library's call: an exception in it is the library's answer (rejected); one anywhere
# else is this worker's own failure (crashed, workers/README.md, "Responses").
def library
  yield
rescue StandardError => e
  raise Rejected, e
end

def parse(input)
  uri = library { URI.parse(input) }
  response = { 'outcome' => 'accepted' }
  response['components'] = {
    'scheme' => give(uri.scheme), 'userinfo' => give(uri.userinfo), 'host' => give(uri.host),
    'port' => give(uri.port), 'path' => give(uri.path), 'query' => give(uri.query),
    'fragment' => give(uri.fragment)
  }
  response['serialization'] = give(library { uri.to_s })
  response
end

def resolve(base, input)
  { 'outcome' => 'accepted', 'value' => give(library { URI.join(base, input).to_s }) }
end

# One request line to its response; nil for shutdown.
def handle(line)
  request = begin
    JSON.parse(line)
  rescue JSON::ParserError => e
    return { 'id' => nil, 'outcome' => 'error', 'message' => "not JSON: #{e.message}" }
  end
  return { 'id' => nil, 'outcome' => 'error', 'message' => 'a request is a JSON object' } \
    unless request.is_a?(Hash)

  op = request['op']
  return nil if op == 'shutdown'

  response = begin
    case op
    when 'parse'
      input = take_bytes(request, 'input')
      -> { parse(input) }
    when 'resolve'
      base = take_bytes(request, 'base')
      input = take_bytes(request, 'input')
      -> { resolve(base, input) }
    when 'normalize', 'equivalent'
      { 'outcome' => 'unsupported', 'message' => "ruby-uri offers no #{op}" }
    else
      raise BadRequest, "unknown op #{op.inspect}"
    end
  rescue BadRequest => e
    { 'outcome' => 'error', 'message' => e.message }
  end
  if response.is_a?(Proc)
    call = response
    response = UridiffCoverage.measure(request) do
      call.call
    rescue Rejected => e # the library's exception is its answer
      { 'outcome' => 'rejected', 'message' => give(e.message).to_s, 'code' => e.code,
        'offset' => nil }
    rescue StandardError => e # this worker's own code failed, not the library's call
      trace = (e.backtrace || []).first(8).join("\n")
      { 'outcome' => 'crashed',
        'message' => give("#{e.class}: #{e.message} (raised outside library())\n#{trace}").to_s }
    end
  else
    # An answer without the library's call, asked for coverage, carries it too (what ran).
    answered = response
    response = UridiffCoverage.measure(request) { answered }
  end
  { 'id' => request['id'] }.merge(response)
end

UridiffLines.emit({
  'protocol' => 'uridiff-worker/1', 'name' => 'ruby-uri', 'version' => URI::VERSION,
  'profile' => 'ruby-uri', 'operations' => %w[parse resolve],
  'components' => %w[scheme userinfo host port path query fragment],
  'decides_validity' => true, 'library' => "uri #{URI::VERSION} (Ruby #{RUBY_VERSION})",
  'notes' => ["port: the scheme's default port is filled in when none is given",
              OPAQUE_NOTE]
}.merge(UridiffCoverage.handshake))
UridiffLines.serve { |line| handle(line) }
