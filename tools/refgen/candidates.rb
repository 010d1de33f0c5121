# frozen_string_literal: true

module RefGen
  OPTIONS = { lazy_runs: 0.0, avoid: [], path_timeout: 1.5, route_limit: 40 }
  # known pbem differences a run may leave out (--avoid), so that others show
  AVOIDABLE = %w[bid5 ebuy-others].freeze

  # The actions one entity may take now, with the parameters the offering step allows, each
  # weighted by how a plausible player would like it: [[weight, Engine::Action], ...].
  # Only the engine's own steps and helpers are asked; process_action has the last word.
  class Candidates
    A = Engine::Action
    TIMES = Hash.new(0.0)

    def initialize(game, chooser)
      @game = game
      @c = chooser
    end

    def for(entity, types)
      out = []
      types.each do |type|
        step = @game.round.step_for(entity, type)
        next unless step

        meth = "cands_#{type}"
        next unless respond_to?(meth, true)

        t0 = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
        list = send(meth, entity, step).compact
        # a pending home station first, mostly (the reference takes a private's purchase
        # before it, pbem does not: kept rare so that other differences show too)
        active = @game.round.active_step
        list = list.map { |w, a| [w * 0.05, a] } if active.is_a?(Engine::Step::HomeToken) && step != active
        out.concat(list)
        TIMES[type] += Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - t0
      end
      out
    end

    private

    def bp(entity)
      @game.buying_power(entity)
    rescue StandardError
      entity.cash
    end

    def stock_step?(step)
      step.is_a?(Engine::Step::BuySellParShares) || step.class.name.include?('BuySellParShares')
    end

    # -- pass ---------------------------------------------------------------------------------
    def cands_pass(entity, step)
      w =
        case step
        when Engine::Step::BuyCompany then 3.0
        when Engine::Step::Track then 0.4
        when Engine::Step::Token then 0.8
        when Engine::Step::BuyTrain then step.acted ? 2.5 : 0.6
        else stock_step?(step) ? (acted_this_turn? ? 3.0 : 0.8) : 1.0
        end
      w = 2.0 if @game.round.is_a?(Engine::Round::Auction)
      w = 1.0 if entity.company?
      # after a merger, an owner able to buy the share that makes the major's president does
      if step.class.name.end_with?('PostMergerShares') && step.corporation && !step.corporation.owner&.player? &&
         step.can_buy_any?(entity)
        return []
      end
      w = 2.5 if step.class.name.end_with?('::Merge') && step.instance_variable_get(:@merging)
      [[w, A::Pass.new(entity)]]
    end

    def acted_this_turn?
      r = @game.round
      r.respond_to?(:current_actions) && !r.current_actions.empty?
    end

    # -- auctions -----------------------------------------------------------------------------
    def cands_bid(entity, step)
      out = []
      targets = []
      targets.concat(step.companies.map { |co| [:company, co] }) if step.respond_to?(:companies) && step.companies
      if step.is_a?(Engine::Step::BuySellParSharesViaBid)
        # 1861/1867: a minor is started by auctioning it in the stock round
        targets = if step.auctioning_corporation
                    [[:corporation, step.auctioning_corporation]]
                  else
                    @game.corporations.select do |c|
                      # ipo_type: what the site offers (1861: Nikolaev first)
                      c.type == :minor && @game.can_par?(c, entity) && step.ipo_type(c) == :bid &&
                        step.can_buy?(entity, c.shares.first&.to_bundle)
                    end.map { |c| [:corporation, c] }
                  end
        targets = targets.shuffle(random: @c.rng).first(4)
      elsif step.respond_to?(:auctioning) && step.auctioning
        targets = [[target_kind(step.auctioning), step.auctioning]]
      elsif step.respond_to?(:available) && targets.empty?
        targets = step.available.map { |t| [target_kind(t), t] }
      end
      if step.respond_to?(:active_auction, true) && !step.is_a?(Engine::Step::BuySellParSharesViaBid)
        # while the cheapest private is auctioned among its bidders, only it is offered (the
        # reference also takes bids on others then; the site offers only it)
        step.send(:active_auction) { |company, _bids| targets = [[:company, company]] }
      end
      targets.uniq.each do |kind, target|
        next if step.respond_to?(:can_auction?) && !step.can_auction?(target) && !(step.respond_to?(:may_purchase?) && step.may_purchase?(target))

        min = step.min_bid(target) rescue nil
        next unless min

        max = (step.max_bid(entity, target) rescue entity.cash)
        next if max < min

        inc = step.respond_to?(:min_increment) ? step.send(:min_increment) : 1
        multiple = step.respond_to?(:must_bid_increment_multiple?, true) && step.send(:must_bid_increment_multiple?)
        price = @c.modest(min, max, step: multiple ? @game.class::MIN_BID_INCREMENT : 1)
        if OPTIONS[:avoid].include?('bid5') && target.respond_to?(:value) && !multiple
          base = target.value
          price = base + (inc * ((price - base + inc - 1) / inc)) if price > base
          price -= inc if price > max
          next if price < min
        end
        # a bid on the waterfall's cheapest private buys it; the reference takes any amount
        # there (the site's button offers only the price), pbem only the price: the price
        price = min if step.respond_to?(:may_purchase?) && step.may_purchase?(target)
        w = step.respond_to?(:may_purchase?) && step.may_purchase?(target) ? 3.0 : 1.2
        w = 2.0 if step.respond_to?(:auctioning) && step.auctioning
        out << [w, A::Bid.new(entity, kind => target, price: price)]
        out << [0.3, A::Bid.new(entity, kind => target, price: min + inc)] if min + inc <= max && inc > 1
      end
      out
    end

    def target_kind(t)
      return :company if t.company?
      return :minor if t.respond_to?(:minor?) && t.minor? && !t.corporation?

      :corporation
    end

    # -- shares -------------------------------------------------------------------------------
    def cands_buy_shares(entity, step)
      return cands_exchange(entity, step) if entity.company?
      return cands_corp_buy(entity, step) if entity.corporation?

      out = []
      @game.corporations.each do |corp|
        next unless corp.ipoed

        sources = []
        # the site's share buttons take the first buyable share of each size in the holder's order
        # (View::Game::BuySellShares): the 10% one, else the president's
        if corp.respond_to?(:ipo_shares)
          buyable = corp.ipo_shares.select(&:buyable)
          ipo = buyable.find { |s| !s.president } || buyable.first
        end
        sources << [ipo, 3.0] if ipo
        pool = @game.share_pool.shares_by_corporation[corp]&.select(&:buyable)&.min_by(&:percent)
        sources << [pool, 2.0] if pool
        sources.each do |share, w|
          bundle = share.to_bundle
          ok = step.respond_to?(:can_buy?) ? step.can_buy?(entity, bundle) : true
          next unless ok

          w *= 1.5 if corp.owner == entity
          out << [w, A::BuyShares.new(entity, shares: bundle.shares, share_price: bundle.price_per_share, percent: bundle.percent)]
        end
      end
      out
    end

    # a private exchanged for a share: only the corporations and sources its ability names (the
    # reference's check of a given share looks at the share alone: it would take any company's)
    def cands_exchange(company, step)
      out = []
      ability = @game.abilities(company, :exchange)
      return out unless ability

      @game.exchange_corporations(ability).each do |corp|
        shares = []
        shares << corp.reserved_shares.first if ability.from.include?(:reserved)
        shares << corp.available_share if ability.from.include?(:ipo)
        shares << @game.share_pool.shares_by_corporation[corp]&.first if ability.from.include?(:market)
        shares.compact.uniq.each do |share|
          bundle = share.to_bundle
          next unless step.can_exchange?(company, bundle)

          out << [1.5, A::BuyShares.new(company, shares: bundle.shares, share_price: 0, percent: bundle.percent)]
        end
      end
      out
    end

    def cands_corp_buy(corp, step)
      out = []
      shares = []
      shares.concat(step.redeemable_shares(corp)) if step.respond_to?(:redeemable_shares)
      shares.each do |bundle|
        out << [0.5, A::BuyShares.new(corp, shares: bundle.shares, share_price: bundle.price_per_share, percent: bundle.percent)]
      end
      out
    end

    def cands_sell_shares(entity, step)
      return cands_corp_sell(entity, step) if entity.corporation?

      out = []
      emergency = !stock_step?(step)
      @game.corporations.each do |corp|
        @game.bundles_for_corporation(entity, corp).each do |bundle|
          next unless step.can_sell?(entity, bundle)
          next if emergency && !ebuy_sale_by_the_rules?(entity, step, bundle)

          w = emergency ? 2.0 : (step.respond_to?(:must_sell?) && step.must_sell?(entity) ? 3.0 : 0.25)
          w *= 0.3 if corp.owner == entity && !emergency
          out << [w, A::SellShares.new(entity, shares: bundle.shares, share_price: bundle.price_per_share, percent: bundle.percent)]
        end
      end
      out
    end

    # A president's sale at the train step as 1882 11.8 (1830 alike) allows it, which the reference
    # does not check: only in an emergency (the corporation has no train, may have the president's
    # help and cannot pay for the cheapest depot train), and no share more than needed, the
    # president's certificate counted as its shares (`selling_minimum_shares?` takes it as one
    # share of double price, so a 10% piece of it passes with money to spare)
    def ebuy_sale_by_the_rules?(entity, step, bundle)
      return true unless step.is_a?(Engine::Step::Train)

      corp = step.current_entity
      return true if entity == corp
      return false unless corp.trains.empty? && corp.cash < @game.depot.min_depot_price
      return false unless @game.must_buy_train?(corp) # no route: no train to buy, no emergency
      return false if step.respond_to?(:president_may_contribute?) && !step.president_may_contribute?(corp)

      short = step.needed_cash(entity) - step.available_cash(entity)
      bundle.price - bundle.price_per_share < short
    end

    def cands_corp_sell(corp, step)
      out = []
      bundles = step.respond_to?(:issuable_shares) ? step.issuable_shares(corp) : []
      bundles.each do |bundle|
        out << [0.4, A::SellShares.new(corp, shares: bundle.shares, share_price: bundle.price_per_share, percent: bundle.percent)]
      end
      out
    end

    def cands_par(entity, step)
      out = []
      if step.is_a?(Engine::Step::CompanyPendingPar)
        company = @game.round.companies_pending_par.first
        corp = @game.abilities(company, :shares).shares.first.corporation
        prices = step.get_par_prices(entity, corp)
        return [[1.0, A::Par.new(entity, corporation: corp, share_price: @c.pick(prices))]]
      end
      @game.corporations.each do |corp|
        next if corp.ipoed
        next unless @game.can_par?(corp, entity)
        next if step.respond_to?(:ipo_type) && step.ipo_type(corp) != :par # 1861: majors, home hex left
        next if step.respond_to?(:can_buy?) && !step.can_buy?(entity, corp.shares.first&.to_bundle)

        prices = step.respond_to?(:get_par_prices) ? step.get_par_prices(entity, corp) : @game.stock_market.par_prices
        prices = prices.select { |p| p.price * 2 <= entity.cash }
        next if prices.empty?

        price = @c.chance(0.5) ? prices.max_by(&:price) : @c.pick(prices)
        out << [2.5, A::Par.new(entity, corporation: corp, share_price: price)]
      end
      out
    end

    # -- privates -----------------------------------------------------------------------------
    def cands_buy_company(entity, step)
      out = []
      companies = step.respond_to?(:purchasable_companies) ? step.purchasable_companies(entity) : @game.purchasable_companies(entity)
      if step.respond_to?(:buyable_bank_owned_companies)
        companies += step.buyable_bank_owned_companies(entity)
      end
      power = bp(entity)
      companies.uniq.each do |co|
        next if co.owner == entity

        min = co.min_price
        max = [co.max_price(entity), power].min
        if co.owner.nil? || co.owner == @game.bank
          min = max = co.value
        end
        next if max < min

        out << [0.6, A::BuyCompany.new(entity, company: co, price: @c.amount(min, max, low_bias: 0.3))]
      end
      out
    end

    # -- track --------------------------------------------------------------------------------
    def cands_lay_tile(entity, step)
      out = []
      operator = entity.company? ? (entity.owner.corporation? ? entity.owner : @game.current_entity) : entity
      power = bp(operator.respond_to?(:cash) ? operator : entity)
      lay = step.respond_to?(:get_tile_lay) && !entity.company? ? (step.get_tile_lay(entity) || {}) : {}
      hexes = @game.hexes.select { |hex| step.available_hex(entity, hex) rescue false }
      hexes.shuffle(random: @c.rng).each do |hex|
        next if step.respond_to?(:ability_blocking_hex) && step.ability_blocking_hex(entity, hex)

        # terrain and river borders (crossing a border with a cost pays it); counted whole,
        # so a lay the corporation could just afford is sometimes left out
        terrain = hex.tile.upgrades.sum(&:cost) + hex.tile.borders.sum { |b| b.cost.to_i }

        tiles = begin
          step.upgradeable_tiles(entity, hex)
        rescue StandardError
          []
        end
        tiles.each do |tile|
          rots = tile.legal_rotations
          next if rots.nil? || rots.empty?

          rots = rots.reject { |r| track_refused?(entity, hex, tile, r) }
          next if rots.empty?
          next if tile.color == :yellow && lay.key?(:lay) && !lay[:lay]
          next if tile.color != :yellow && lay.key?(:upgrade) && !lay[:upgrade]

          cost = terrain + (tile.color == :yellow ? lay[:cost].to_i : lay[:upgrade_cost].to_i)
          next if cost > power && !entity.company?

          w = tile.color == :yellow ? 1.0 : 1.6
          w *= 0.5 if cost.positive?
          out << [w, A::LayTile.new(entity, tile: tile, hex: hex, rotation: @c.pick(rots))]
        end
        break if out.size > 30
      end
      out
    end

    # 1861 (TRACK_RESTRICTION :semi_restrictive): the reference lists upgrades its lay then refuses
    # ("Must use new track or change city value", Tracker#check_track_restrictions!, made after the
    # tile is on the map). The same test before the lay, a new path counting as connected where
    # the company's track on the neighbouring hex leads into its edge or it touches a city of the
    # old tile the company reaches: each refusal costs a rebuild of the game.
    def track_refused?(entity, hex, tile, rotation)
      return false unless @game.class::TRACK_RESTRICTION == :semi_restrictive && entity.operator?

      old = hex.tile
      return false if old.paths.empty?

      graph = @game.graph_for_entity(entity)
      cpaths = graph.connected_paths(entity)
      # edges the company's track enters by from the neighbouring hex (two paths of one tile that
      # share an edge do not lead into each other): from a neighbour nearer its stations
      dist = track_distances(entity, cpaths)
      here = dist[hex] || 99
      exits = hex.neighbors.select do |dir, nb|
        back = (dir + 3) % 6
        (dist[nb] || 99) <= here && nb.tile.paths.any? { |pa| pa.exits.include?(back) && cpaths[pa] }
      end.keys
      nodes = graph.connected_nodes(entity)
      city_reached = old.city_towns.any? { |ct| nodes[ct] }
      tile.rotate!(rotation)
      used_new = false
      changed = false
      tile.paths.each do |np|
        next unless (np.exits & exits).any? || (city_reached && !np.nodes.empty?)

        op = old.paths.find { |pa| np <= pa }
        used_new = true unless op
        changed = true unless op&.nodes&.map(&:max_revenue)&.sort == np.nodes.map(&:max_revenue).sort
      end
      !used_new && !changed
    rescue StandardError
      false
    end

    # hexes by the number of hexes from the company's stations along its connected track
    def track_distances(entity, cpaths)
      @track_dist ||= {}
      @track_dist[entity] ||= begin
        dist = {}
        queue = entity.tokens.select(&:used).map { |t| t.city&.hex }.compact
        queue.each { |h| dist[h] = 0 }
        until queue.empty?
          h = queue.shift
          h.tile.paths.select { |pa| cpaths[pa] }.flat_map(&:exits).uniq.each do |dir|
            nb = h.neighbors[dir]
            next if !nb || dist.key?(nb)

            back = (dir + 3) % 6
            next unless nb.tile.paths.any? { |pa| pa.exits.include?(back) && cpaths[pa] }

            dist[nb] = dist[h] + 1
            queue << nb
          end
        end
        dist
      end
    end

    # -- stations -----------------------------------------------------------------------------
    def cands_place_token(entity, step)
      out = []
      holder = entity.company? ? entity.owner : entity
      holder = @game.current_entity if holder&.player?
      tokens = step.respond_to?(:available_tokens) ? step.available_tokens(entity) : holder.tokens_by_type
      return out if tokens.nil? || tokens.empty?

      free = entity.company?
      home = step.respond_to?(:pending_token)
      holder = tokens.first.corporation if home
      free ||= home
      hexes = if entity.company? || home
                @game.hexes.select { |hex| step.available_hex(entity, hex) rescue false }
              else
                nodes = @game.token_graph_for_entity(holder).connected_nodes(holder)
                nodes.keys.select(&:city?).map(&:hex).uniq
              end
      # one kind of token at a time (1882's neutral token is another corporation's: a city
      # with the holder's own station still takes it)
      tokens.each do |token|
        hexes.each do |hex|
          hex.tile.cities.each do |city|
            ok = begin
              city.tokenable?(holder, free: free, tokens: [token], spender: holder) &&
                (entity.company? || home || step.available_hex(entity, hex))
            rescue StandardError
              false
            end
            next unless ok
            next if !entity.company? && !home && !nodes[city]

            slot = city.get_slot(token.corporation)
            out << [token.type == :neutral ? 0.7 : 2.0,
                    A::PlaceToken.new(entity, city: city, slot: slot, token_type: token.type)]
          end
        end
      end
      if out.empty? && home
        hexes.each do |hex|
          hex.tile.cities.each do |city|
            out << [1.0, A::PlaceToken.new(entity, city: city, slot: 0, token_type: tokens.first.type)]
          end
        end
      end
      out
    end

    # -- operating ----------------------------------------------------------------------------
    def cands_run_routes(entity, _step)
      routes = Router.new(@game, @c, lazy: RefGen::OPTIONS[:lazy_runs]).routes(entity)
      [[5.0, A::RunRoutes.new(entity, routes: routes)]]
    end

    def cands_dividend(entity, step)
      kinds = step.respond_to?(:dividend_options) ? step.dividend_options(entity).keys : step.dividend_types
      rev = step.respond_to?(:total_revenue) ? step.total_revenue : 1
      kinds.map do |kind|
        w = { payout: 5.0, withhold: 1.0, half: 1.5 }.fetch(kind.to_sym, 1.0)
        w = 1.0 if rev.zero?
        [w, A::Dividend.new(entity, kind: kind.to_s)]
      end
    end

    def cands_buy_train(entity, step)
      out = []
      # the reference's purchase does not check the train limit (its listing does, and a
      # discard follows a purchase over it); pbem refuses it: only with room
      return out if step.respond_to?(:room?) && !step.room?(entity)

      trains = step.buyable_trains(entity)
      # 1861/1867: the step's own buying power (with the loans a company that must buy may take)
      power = step.respond_to?(:buying_power) ? step.buying_power(entity) : bp(entity)
      loans = @game.respond_to?(:maximum_loans)
      depot_seen = {}
      trains.each do |train|
        next if train.from_depot? && depot_seen[train.name]

        depot_seen[train.name] = true if train.from_depot?
        variants = begin
          step.buyable_train_variants(train, entity)
        rescue StandardError
          []
        end
        variants = [{ name: train.name, price: train.price }] if variants.empty?
        variants.each do |variant|
          name = variant[:name]
          if train.from_depot?
            price = variant[:price]
            must = step.respond_to?(:must_buy_train?) && step.must_buy_train?(entity)
            next if price > power && !must
            next if price > power + (entity.owner&.cash || 0)
            next if price > power && must && !cheapest?(train, variant)
            next if price > power && step.respond_to?(:president_may_contribute?) && !step.president_may_contribute?(entity)

            w = price <= power ? 4.0 : 3.0
            out << [w, A::BuyTrain.new(entity, train: train, price: price, variant: name == train.name ? nil : name)]
            discount_cands(entity, step, train, variant).each { |x| out << x }
          else
            next if train.owner == entity

            min, max = step.spend_minmax(entity, train)
            next if max < min || max < 1
            next if OPTIONS[:avoid].include?('ebuy-others') &&
                    (bp(entity) < train.price || max > entity.cash || (step.respond_to?(:must_buy_train?) && step.must_buy_train?(entity)))

            # above the buyer's own cash only now and then: the president's share of such a
            # price is where the reference's own range and its check disagree
            must = step.respond_to?(:must_buy_train?) && step.must_buy_train?(entity)
            # 1861/1867: loans only for a depot train (G1867 BuyTrain#try_take_loan), never above cash
            max = [max, entity.cash].min if loans
            next if max < min

            max = [max, entity.cash].min if max > entity.cash && entity.cash >= min && !(must && @c.chance(0.05))
            next if max > entity.cash && entity.cash < min && !(must && @c.chance(0.05))
            # a company with a train buys another's now and then (else random companies strip each
            # other of trains for $1 and nobody runs)
            w = entity.trains.empty? || must ? 0.8 : 0.15
            out << [w, A::BuyTrain.new(entity, train: train, price: @c.amount(min, max, low_bias: 0.3))]
          end
        end
      end
      out
    end

    def cheapest?(train, variant)
      variant[:price] <= @game.depot.min_depot_price
    end

    def discount_cands(entity, _step, train, variant)
      out = []
      return out unless @game.respond_to?(:discountable_trains_for)

      @game.discountable_trains_for(entity).each do |new_train, old_train, disc_variant, price|
        next unless new_train == train && disc_variant == variant[:name]
        next if price > bp(entity)

        out << [2.0, A::BuyTrain.new(entity, train: train, price: price, variant: disc_variant, exchange: old_train)]
      end
      out
    rescue StandardError
      out
    end

    def cands_discard_train(entity, step)
      trains = step.respond_to?(:trains) ? step.trains(entity) : entity.trains
      trains.uniq(&:name).map { |t| [1.0, A::DiscardTrain.new(entity, train: t)] }
    end

    def cands_bankrupt(entity, _step)
      player = entity.corporation? ? entity.owner : entity
      return [] if entity.corporation? && !@game.can_go_bankrupt?(player, entity)
      # the reference's check is the money alone; a corporation that is not obliged to buy a
      # train (it has one) is not bankrupt by the rules, and pbem refuses it: only when it must
      trains = @game.round.steps.find { |s| s.is_a?(Engine::Step::BuyTrain) }
      return [] if entity.corporation? && trains && !(trains.active? && trains.must_buy_train?(entity))
      # and at the train step, where the player's emergency sales come first (declared earlier,
      # the reference sells nothing: a documented bug of it, docs/fidelity.md)
      return [] if entity.corporation? && trains && @game.round.active_step != trains

      [[0.01, A::Bankrupt.new(entity)]]
    end

    # -- 1861/1867 ----------------------------------------------------------------------------
    def cands_take_loan(entity, step)
      return [] unless step.respond_to?(:can_take_loan?) && step.can_take_loan?(entity)

      loan = @game.loans.first
      loan ? [[0.4, A::TakeLoan.new(entity, loan: loan)]] : []
    end

    def cands_payoff_loan(entity, _step)
      loan = entity.loans.first
      return [] unless loan && entity.cash >= loan.amount

      [[1.0, A::PayoffLoan.new(entity, loan: loan)]]
    end

    def cands_merge(entity, step)
      out = []
      return out unless step.respond_to?(:mergeable)

      if step.instance_variable_get(:@converting) || step.instance_variable_get(:@merge_major)
        # choosing the major (a conversion, or the end of a merger already checked below)
        step.mergeable(entity).each { |t| out << [1.0, A::Merge.new(entity, corporation: t)] }
        return out
      end
      merging = step.instance_variable_get(:@merging) || [entity]
      step.mergeable(entity).each do |t|
        next unless merger_presidable?(merging + [t])

        out << [merging.size > 1 ? 1.5 : 0.8, A::Merge.new(entity, corporation: t)]
      end
      out
    end

    # Will the major the minors merge into have a president? G1867 Merge#finish_merge_to_major asks
    # for an owner with two of the minors or the cash for the merged par price; if nobody then buys
    # the second share (PostMergerShares, which also asks for room under the certificate limit) the
    # reference is left with a presidentless major ("please undo"), pbem refuses the merger: only
    # mergers one of the owners can preside are started.
    def open_major?
      @game.corporations.any? { |c| c.type == :major && !c.floated? }
    end

    def merger_presidable?(minors)
      return false unless open_major?

      min, max = minors.map { |c| c.share_price.price }.minmax
      new_price = [200, [100, max + min].max].min
      par = @game.stock_market.share_prices_with_types(%i[par par_2]).find { |sp| sp.price <= new_price }
      return false unless par

      owners = minors.map(&:owner)
      owners.uniq.select { |o| o&.player? }.any? do |p|
        owners.count(p) >= 2 || (p.cash >= par.price && @game.num_certs(p) + 1 <= @game.cert_limit(p))
      end
    rescue StandardError
      false
    end

    def cands_convert(entity, _step)
      # the reference offers a conversion while no major is left to convert into, and then only
      # the major's choice, which nothing satisfies
      return [] unless open_major?

      [[0.6, A::Convert.new(entity)]]
    end

    def cands_choose(entity, step)
      choices = step.respond_to?(:choices) ? step.choices : {}
      choices = choices.keys if choices.is_a?(Hash)
      choices.map { |ch| [1.0, A::Choose.new(entity, choice: ch)] }
    end

    def cands_remove_token(entity, step)
      out = []
      # a private's ability (1882's NWR) moves one of its owning corporation's stations
      holder = entity.company? ? entity.owner : entity
      return out unless step.respond_to?(:available_hex) && holder.respond_to?(:tokens)

      holder.tokens.select(&:used).each do |token|
        city = token.city
        next unless city
        # what the site offers: its check of a home station beside a neutral one (1882 NWR) is
        # the step's available_hex, which processing the action does not ask
        next if entity.company? && !step.available_hex(entity, city.hex)

        out << [entity.company? ? 0.3 : 1.0, A::RemoveToken.new(entity, city: city, slot: city.tokens.index(token))]
      end
      out
    end
  end
end
