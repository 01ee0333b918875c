# frozen_string_literal: true

# Coverage of a Ruby library's own lines for uridiff's protocol (uridiff-worker/1, uridiff's
# workers/README.md, "Coverage"), through Ruby's own Coverage module (lines), for a worker
# written in Ruby:
#
#   require_relative 'sdk/uridiff_coverage'
#   UridiffCoverage.setup                       # before the library is required
#   require 'uri'
#   UridiffCoverage.watch(UridiffCoverage.files_of('uri'))
#   ... handshake.merge(UridiffCoverage.handshake) ...
#   UridiffCoverage.measure(request) { answer(request) }   # the answer, with "coverage" if asked
#
# Ruby compiles every file loaded after Coverage.start with its line events, in its `oneshot_lines`
# mode: a line reports itself the first time it runs and its event is then removed, so a line
# costs nothing after that. The lines are read and cleared after each answer to a request that
# asks (`"coverage": true`; Coverage.result(stop: false, clear: true)). An answer so carries the
# lines it ran for the first time in the worker's life, not every line it ran: the part of its
# coverage that can be new, which is all uridiff reads coverage for (what an input reached
# first). Reading every line's count instead (Ruby's `lines` mode) cost 300 µs an answer against a
# 30 µs parse, and turning counting on and off around each request walks every compiled method of
# the process. Lines run by a request that did not ask are not sent later. Only the watched files' lines are sent: the
# worker's own code, the JSON library and anything loaded before setup have no id. An id is a
# file's place in the sorted list of the watched files times 2**20 plus the line number, as the
# Python SDK's are, so the same line has the same id in every run of the same library version.
require 'coverage'

# The coverage of the watched files, shared by the Ruby workers.
module UridiffCoverage
  LINES_PER_FILE = 1 << 20

  # Starts Ruby's line coverage: files required from now on are compiled with it.
  def self.setup
    Coverage.start(oneshot_lines: true)
    @base = {}
    @total = 0
    @asked = false
  end

  # The files of a library one of whose files, `feature` (as `require` took it: 'uri',
  # 'addressable/uri'), is loaded: every `.rb` file in the folder named by the feature's first
  # part beside it (`uri/`, `addressable/`), and the file of that name (`uri.rb`).
  def self.files_of(feature)
    entry = $LOADED_FEATURES.find { |f| f.end_with?("/#{feature}.rb") }
    return [] if entry.nil?

    top = feature.split('/').first
    root = entry.delete_suffix("/#{feature}.rb")
    files = Dir.glob(File.join(root, top, '**', '*.rb'))
    files << File.join(root, "#{top}.rb") if File.file?(File.join(root, "#{top}.rb"))
    files
  end

  # Watches `files`: their ids' bases (by their path below the files' common folder, so ids do
  # not depend on where the library is installed) and the number of their lines that hold code.
  def self.watch(files)
    paths = files.uniq
    common = paths.map { |p| File.dirname(p) }.min_by(&:length) || ''
    sorted = paths.sort_by { |p| p.delete_prefix(common) }
    # Keyed by the path as Ruby loaded it, the key of Coverage's results.
    @base = sorted.each_with_index.to_h { |p, i| [p, i * LINES_PER_FILE] }
    loaded = Coverage.peek_result
    # The lines that hold code: those Ruby gives an event (Coverage.line_stub: 0 for each, nil
    # for the others), of the files loaded.
    @total = sorted.sum { |p| loaded.key?(p) ? Coverage.line_stub(p).count { |n| !n.nil? } : 0 }
  end

  # The handshake's coverage fields: none where no file is watched.
  def self.handshake
    return {} if @base.nil? || @base.empty?

    { 'coverage' => 'lines', 'coverage_total' => @total }
  end

  # The response the block gives for `request`, with the ids of the watched lines it ran first
  # when the request asks for them.
  def self.measure(request)
    unless request.is_a?(Hash) && request['coverage'] == true && !@base.empty?
      @asked = false
      return yield
    end

    # What requests that did not ask ran since the last take is not this answer's; after an
    # answer that asked, the take that ended it left nothing.
    take unless @asked
    @asked = true
    response = yield
    response['coverage'] = take if response.is_a?(Hash)
    response
  end

  # The ids of the watched lines run for the first time since the last take, ascending.
  def self.take
    ids = []
    Coverage.result(stop: false, clear: true).each do |path, lines|
      base = @base[path]
      next if base.nil?

      (lines[:oneshot_lines] || []).each { |n| ids << base + n if n < LINES_PER_FILE }
    end
    ids.sort
  end
end
