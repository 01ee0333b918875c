# frozen_string_literal: true

# The lines of uridiff's worker protocol (uridiff-worker/1, uridiff's workers/README.md) for a
# worker written in Ruby: its handshake written, then its requests read and answered, the
# answers to one read's lines written together.
#
#   require_relative 'sdk/uridiff_lines'
#   UridiffLines.emit(handshake)
#   UridiffLines.serve { |line| answer_to(line) }   # nil for a shutdown: the worker ends
#
# Requests are read as they arrive (readpartial: what the pipe holds, up to 64 KiB), and the
# answers to one read's lines are written in one write: uridiff writes its requests in blocks,
# and a flush for each answer was a write(2) of its own. No answer waits for a later read: all
# of a read's lines are answered before the next. A last line without its newline is a request
# too, as each_line gives it. Blank lines are skipped.
require 'json'

# The protocol's lines, shared by the Ruby workers.
module UridiffLines
  # One generator state for every answer: JSON.generate makes a new JSON::State for each call,
  # a third of its cost on an answer (the text is the same).
  STATE = JSON::State.new

  # Writes `value` as one line, flushed (the handshake).
  def self.emit(value)
    $stdout.write("#{STATE.generate(value)}\n")
    $stdout.flush
  end

  # Answers every request line with the block's value (a Hash) until the input ends or the
  # block gives nil.
  def self.serve
    $stdin.binmode
    pending = ''.b
    loop do
      chunk = begin
        $stdin.readpartial(65_536)
      rescue EOFError
        nil
      end
      pending << chunk if chunk
      answers = +''
      start = 0
      stop = false
      while start < pending.bytesize
        newline = pending.index("\n", start)
        break if newline.nil? && chunk

        finish = newline.nil? ? pending.bytesize : newline + 1
        line = pending.byteslice(start, finish - start).force_encoding(Encoding::UTF_8)
        start = finish
        next if line.strip.empty?

        response = yield line
        if response.nil?
          stop = true
          break
        end
        answers << STATE.generate(response) << "\n"
      end
      pending = pending.byteslice(start, pending.bytesize - start)
      unless answers.empty?
        $stdout.write(answers)
        $stdout.flush
      end
      break if stop || chunk.nil?
    end
  end
end
