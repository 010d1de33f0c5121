# frozen_string_literal: true

require_relative 'router'

module RefGen
  # One game: asks the engine who may act and what, picks, has the engine process it (as the
  # action's record hash, so the record holds exactly what was played), and on a refusal notes
  # a finding, rebuilds the game from the accepted actions and picks again.
  class Driver
    attr_reader :game, :findings, :outcome, :outcome_kind
    attr_accessor :crash

    MAX_TRIES = 25

    def initialize(title, players, seed, max_actions: 6000, verbose: false)
      @title = title
      @seed = seed
      @names = (1..players).to_h { |i| [i, "Player #{i}"] }
      @klass = Engine.game_by_title(title)
      @c = Chooser.new((seed * 1009) + players)
      @max = max_actions
      @verbose = verbose
      @findings = []
      @outcome = 'not played'
      @outcome_kind = 'crash'
      @id = "refgen-#{title}-p#{players}-s#{seed}"
    end

    def new_game(actions)
      @klass.new(@names, id: @id, seed: @seed, actions: actions, optional_rules: [])
    end

    def action_count
      @game ? @game.raw_actions.size : 0
    end

    def play
      @game = new_game([])
      until @game.finished
        if action_count >= @max
          @outcome = "stopped after #{@max} actions"
          @outcome_kind = 'unfinished'
          return
        end
        return if @crash
        break unless step_once
      end
      return unless @game.finished

      @outcome = "finished (#{@game.game_end_reason}), round #{@game.round.name} turn #{@game.turn}"
      @outcome_kind = 'finished'
    end

    def acting_entities
      round = @game.round
      list = round.active_entities.compact
      owners = list.map { |e| e.respond_to?(:owner) ? e.owner : nil }.compact.select(&:player?)
      players = (list + owners).select(&:player?)
      corps = list.select { |e| e.corporation? || (e.respond_to?(:minor?) && e.minor?) }
      companies = @game.companies.select do |co|
        !co.closed? && co.owner && (list.include?(co.owner) || players.include?(co.owner) ||
          (co.owner.respond_to?(:owner) && players.include?(co.owner.owner)))
      end
      (list + owners + companies + corps).uniq
    end

    def candidates(refused)
      cands = []
      gen = Candidates.new(@game, @c)
      current = @game.round.active_entities.compact
      acting_entities.each do |entity|
        types = @game.round.actions_for(entity)
        types -= ['pass'] if entity.company? && !current.include?(entity)
        next if types.empty?

        list = gen.for(entity, types)
        list = list.map { |w, a| [w * 0.5, a] } if entity.company? && !current.include?(entity)
        cands.concat(list)
      end
      cands.reject { |_, a| refused.include?(key(a)) }
    end

    def key(action)
      h = action.to_h.dup
      h.delete('created_at')
      h.delete('id')
      JSON.generate(h)
    end

    def step_once
      refused = []
      MAX_TRIES.times do
        cands = candidates(refused)
        if cands.empty?
          @outcome = "stuck: nothing offered to #{@game.round.active_entities.map(&:id).inspect} " \
                     "in #{@game.round.active_step&.class&.name} (#{@game.round.class.name})"
          @outcome_kind = 'stuck'
          return false
        end
        action = @c.weighted(cands)
        h = action.to_h
        h.delete('id')
        before = action_count
        saved = @game.raw_actions.map(&:dup)
        t0 = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
        @game.process_action(h, add_auto_actions: true)
        Candidates::TIMES['(process)'] += Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - t0
        begin
          @game.maybe_raise!
          warn "#{before + 1}: #{h.to_json[0, 200]}" if @verbose
          return true if action_count > before

          raise Engine::GameError, 'action not recorded'
        rescue StandardError => e
          @findings << "action #{before + 1} #{h['type']} by #{h['entity']}: #{e.class}: #{e.message[0, 160]} | #{JSON.generate(h)[0, 300]}"
          warn "REFUSED #{@findings.last}" if @verbose
          refused << key(action)
          # a refused action leaves the game half changed (and, with auto actions, its hash in
          # place of the last accepted one): start again from the accepted actions
          t0 = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
          @game = new_game(saved)
          Candidates::TIMES['(rebuild)'] += Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - t0
        end
      end
      @outcome = "stuck: #{MAX_TRIES} offered actions refused in a row"
      @outcome_kind = 'stuck'
      false
    end

    # events only the game's log shows (automatic loans, nationalisations, conversions, mergers...)
    LOG_EVENTS = {
      'loan taken' => /takes a loan/, 'loan paid off' => /pays off a loan/,
      'nationalised' => / is nationalized$/, 'private nationalised' => /nationalized from/,
      'minors nationalised' => /^Minors nationalized/, 'converted' => / converts into /,
      'merged' => / merges into /, 'bankrupt' => /bankrupt/i, 'presidency changed' => /becomes the president/,
      'share price to zero / liquidation' => /liquidat/i, 'train rusted' => /rust/,
      'discounted exchange' => /exchanges? .* train/i,
      'train from another company' => / buys an? \S+ train for \S+ from (?!The Depot)/
    }.freeze

    # What was played: each action type, and each private's actions (its ability used, or sold),
    # and log events, counted.
    def coverage
      cov = Hash.new(0)
      return cov unless @game

      @game.raw_actions.each do |h|
        type = h['type']
        cov[type] += 1
        cov["#{type} by #{h['entity']}"] += 1 if h['entity_type'] == 'company'
        cov["#{type} of #{h['company']}"] += 1 if %w[buy_company].include?(type)
        cov["bid on #{h['company']}"] += 1 if type == 'bid' && h['company']
        cov['bid on a minor'] += 1 if type == 'bid' && h['corporation']
        cov["#{type} #{h['kind']}"] += 1 if type == 'dividend'
        cov['buy_train with exchange'] += 1 if type == 'buy_train' && h['exchange']
        (h['auto_actions'] || []).each { |a| cov["auto #{a['type']}"] += 1 }
      end
      @game.log.each do |entry|
        msg = entry.respond_to?(:message) ? entry.message.to_s : entry.to_s
        LOG_EVENTS.each { |name, re| cov[name] += 1 if msg.match?(re) }
      end
      cov
    end

    def findings_text
      return '' if @findings.empty? && !@crash

      parts = []
      parts << "#{@findings.size} refused" unless @findings.empty?
      parts << "CRASH #{@crash}" if @crash
      "; #{parts.join('; ')}#{@findings.empty? ? '' : "\n    #{@findings.first(5).join("\n    ")}"}"
    end

    def record
      actions = @game.raw_actions.map do |h|
        h = h.dup
        h['created_at'] = 1_700_000_000 + h['id'].to_i
        h.compact
      end
      {
        'id' => @id,
        'description' => "random game generated inside the 18xx.games engine (tools/refgen.rb), seed #{@seed}",
        'players' => @names.map { |id, name| { 'id' => id, 'name' => name } },
        'title' => @title,
        'settings' => { 'seed' => @seed, 'optional_rules' => [] },
        'status' => @game.finished ? 'finished' : 'active',
        'turn' => @game.turn,
        'round' => @game.round.name,
        'acting' => (@game.active_players_id rescue []),
        'result' => @game.finished ? @game.result.transform_keys(&:to_s) : nil,
        'game_end_reason' => @game.finished ? @game.game_end_reason.to_s : nil,
        'actions' => actions,
        'refgen' => { 'findings' => @findings, 'outcome' => @outcome, 'coverage' => coverage },
      }
    end
  end
end
