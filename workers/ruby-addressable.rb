# frozen_string_literal: true

# uridiff worker (protocol uridiff-worker/1, workers/README.md): Ruby's Addressable gem
# (Debian's ruby-addressable), "an implementation of a URI parser based on RFC 3986, RFC 3987"
# (Addressable::URI's documentation). Run with `ruby workers/ruby-addressable.rb`.
#
# parse = Addressable::URI.parse, which splits with RFC 3986 Appendix B's expression
# (Addressable::URI::URIREGEX) and raises Addressable::URI::InvalidURIError only for what its
# `validate` and setters refuse (a port that is not digits, a relative path with a colon in
# its first segment, ...): it takes characters RFC 3986 forbids as they are, so it does not
# decide validity. Components are the object's readers, nil (undefined) kept apart from ""
# (empty): scheme, authority, userinfo, host (an IP literal with its brackets, as `host`
# returns it), port (`port` is nil when none is written; the scheme's default is
# `inferred_port`, not used), path, query, fragment. Addressable has no opaque part: `path`
# is the part after "scheme:" (`urn:x` has the path "x"), as RFC 3986 reads it.
# resolve = Addressable::URI.join(base, input), normalize = #normalize (its to_s),
# equivalent = #== ("Returns true if the URI objects are equal. This method normalizes both
# URIs before doing the comparison"). Ruby strings hold bytes: a non-UTF-8 input reaches the
# parser as a binary string.
require 'base64'
require 'json'
# The library, loaded at start; where it cannot be, one line on stderr, `missing: ...` (uridiff
# gives it as the reason this worker is unavailable: workers/README.md, "Set-up").
# Ruby's line coverage of the library, set up before it loads (sdk/uridiff_coverage.rb).
require_relative 'sdk/uridiff_coverage'
# The protocol's lines, read and written (sdk/uridiff_lines.rb).
require_relative 'sdk/uridiff_lines'
UridiffCoverage.setup
begin
  require 'addressable/uri'
rescue LoadError => e
  warn "missing: Ruby library addressable/uri cannot be loaded by ruby #{RUBY_VERSION} (#{e.message})"
  exit 1
end
UridiffCoverage.watch(UridiffCoverage.files_of('addressable/uri'))

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

COMPONENTS = %w[scheme authority userinfo host port path query fragment].freeze

def parse(input)
  # Addressable works out some parts when they are read, so they are read in the mark.
  parts, serialization = library do
    uri = Addressable::URI.parse(input)
    [[uri.scheme, uri.authority, uri.userinfo, uri.host, uri.port, uri.path, uri.query,
      uri.fragment], uri.to_s]
  end
  { 'outcome' => 'accepted',
    'components' => COMPONENTS.zip(parts.map { |v| give(v) }).to_h,
    'serialization' => give(serialization) }
end

def resolve(base, input)
  { 'outcome' => 'accepted', 'value' => give(library { Addressable::URI.join(base, input).to_s }) }
end

def normalize(input)
  { 'outcome' => 'accepted',
    'value' => give(library { Addressable::URI.parse(input).normalize.to_s }) }
end

def equivalent(input, other)
  { 'outcome' => 'accepted',
    'value' => library { Addressable::URI.parse(input) == Addressable::URI.parse(other) } }
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
    when 'normalize'
      input = take_bytes(request, 'input')
      -> { normalize(input) }
    when 'equivalent'
      input = take_bytes(request, 'input')
      other = take_bytes(request, 'other')
      -> { equivalent(input, other) }
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
  'protocol' => 'uridiff-worker/1', 'name' => 'ruby-addressable',
  'version' => Addressable::VERSION::STRING, 'profile' => 'rfc3987-iri',
  'operations' => %w[parse resolve normalize equivalent],
  'components' => %w[scheme authority userinfo host port path query fragment],
  'decides_validity' => false,
  'library' => "addressable #{Addressable::VERSION::STRING} (Ruby #{RUBY_VERSION})",
  'notes' => ['parse splits with RFC 3986 Appendix B and takes characters RFC 3986 forbids',
              'port: nil when none is written (no default port)']
}.merge(UridiffCoverage.handshake))
UridiffLines.serve { |line| handle(line) }
